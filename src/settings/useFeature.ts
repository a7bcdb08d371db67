// Whether a module or navigation switch is on for the user's organisation (spec points 3, 6):
// undefined until the settings have loaded.
import type { FeatureFlag } from '../domain/api/session.ts';
import { featureOn } from '../domain/api/access.ts';
import { useUserSettings } from './useUserSettings.ts';

export function useFeature(flag: FeatureFlag): boolean | undefined {
  const { data: settings } = useUserSettings();
  return settings ? featureOn(settings, flag) : undefined;
}
