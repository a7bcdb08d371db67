// A machine's activity type (spec point 3): OEM when its sources are OEM feeds that carry hours,
// otherwise ACTIVITY when it has activity; none when neither.
import { isOemSourceType } from './constants.ts';

export type ActivityType = 'OEM' | 'ACTIVITY';

export function activityType(machine: {
  sources: { type: string; hours: number | null }[];
  hasActivity: boolean;
}): ActivityType | null {
  const { sources } = machine;
  if (
    sources.length > 0 &&
    sources.every((s) => isOemSourceType(s.type)) &&
    sources.some((s) => s.hours !== null)
  ) {
    return 'OEM';
  }
  return machine.hasActivity ? 'ACTIVITY' : null;
}
