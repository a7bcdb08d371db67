// Whether a module or navigation switch is on for the user's organisation (spec points 3, 6):
// undefined until the settings have loaded.
import type { FeatureFlag, FeatureGroup, UserSettingsReply } from '../domain/api/session.ts';
import { useUserSettings } from './useUserSettings.ts';

/** A switch is on unless the organisation turned it off. */
export function featureOn(settings: UserSettingsReply, flag: FeatureFlag): boolean {
  const [group, key] = flag.split('.') as [FeatureGroup, string];
  const switches: Record<string, boolean> = settings[group];
  return switches[key] !== false;
}

export function useFeature(flag: FeatureFlag): boolean | undefined {
  const { data: settings } = useUserSettings();
  return settings ? featureOn(settings, flag) : undefined;
}
