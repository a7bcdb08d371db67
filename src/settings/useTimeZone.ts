// The time zone the user's dates and times are shown in (spec point 3: their own choice, else the
// organisation's, default Europe/London); undefined until the settings load.
import { useUserSettings } from './useUserSettings.ts';

export function useTimeZone(): string | undefined {
  return useUserSettings().data?.timezone;
}
