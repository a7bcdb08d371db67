// Whether a module or navigation switch is on for the user's organisation (spec points 3, 6):
// undefined until the settings have loaded.
import type { FeatureFlag, FeatureGroup } from '../domain/api/session.ts';
import { useUserSettings } from './useUserSettings.ts';

export function useFeature(flag: FeatureFlag): boolean | undefined {
  const { data: settings } = useUserSettings();
  if (!settings) return undefined;
  const [group, key] = flag.split('.') as [FeatureGroup, string];
  const switches: Record<string, boolean> = settings[group];
  return switches[key] !== false;
}
