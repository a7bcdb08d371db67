// The activity colours of spec point 9: active blue, idle orange, off and missing grey, brokendown red.
import type { ActivityState } from '../../../domain/api/machineActivity.ts';

export const ACTIVITY_COLOURS: Record<ActivityState, string> = {
  active: '#1565c0',
  idle: '#ef6c00',
  off: '#9e9e9e',
  // Grey too, lighter and hatched where drawn, so that "no data" never reads as "off".
  missing: '#d5d5d5',
  brokendown: '#c62828',
};
