// What the engine reads of a stored record, with the reporting intervals of the source that sent it.

export interface Sample {
  timeMs: number;
  ignition: boolean | null;
  movement: boolean | null;
  engineRunning: boolean | null;
  engineRpm: number | null;
  speedKmh: number | null;
  activityLevel: number | null;
  digitalInputs: number | null;
  /** Latitude and longitude when the position is usable (valid, enough satellites), else null. */
  latitude: number | null;
  longitude: number | null;
  fuelUsedL: number | null;
  fuelLevelL: number | null;
  /** From an OEM feed (source type not one of our trackers'): cumulative hours, not states. */
  oem: boolean;
  operatingHoursH: number | null;
  idleHoursH: number | null;
  expectedIntervalS: number;
  expectedIntervalOffS: number;
  /**
   * The device that sent it, and its own power: the alerts read them, the rollups do not. Null for
   * a record older than POWER_READINGS_MS (engine/events.ts).
   */
  sourceId: string | null;
  sourceType: string | null;
  batteryV: number | null;
  externalVoltageV: number | null;
}

export type ActivityState = 'active' | 'idle' | 'off' | 'missing' | 'brokendown';

export interface Segment {
  state: ActivityState;
  fromMs: number;
  toMs: number;
}

/** Per-machine settings the engine needs. */
export interface MachineProfile {
  /** Digital inputs (bit mask) that mean "working", e.g. a PTO or hydraulics switch; 0 for none. */
  workingInputMask: number;
  category: string | null;
  fuelType: string;
  minRefuellingL: number;
  minDippingL: number;
}
