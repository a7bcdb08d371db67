// The one normalised telemetry record every device protocol is decoded into. Absent values are null.

export interface TelemetryRecord {
  /** TELTONIKA, LORA, DIGITALMATTER, CELLULAR, PLINX, or an OEM feed's name. */
  sourceType: string;
  /** The device's own identity: IMEI, DevEUI, equipment PIN, gateway serial. */
  sourceCode: string;
  deviceTimeMs: number;
  receivedTimeMs: number;
  latitude: number | null;
  longitude: number | null;
  altitudeM: number | null;
  speedKmh: number | null;
  headingDeg: number | null;
  satellites: number | null;
  hdop: number | null;
  ignition: boolean | null;
  movement: boolean | null;
  engineRunning: boolean | null;
  engineRpm: number | null;
  /** Cumulative engine hours (hour meter). */
  hourMeterH: number | null;
  odometerM: number | null;
  fuelLevelL: number | null;
  fuelLevelPct: number | null;
  /** Cumulative fuel used by the engine. */
  fuelUsedL: number | null;
  fuelRateLh: number | null;
  externalVoltageV: number | null;
  /** Digital inputs as a bit mask: bit 0 is input 1. */
  digitalInputs: number | null;
  /** An activity sensor's vibration or activity level, 0 to 100. */
  activityLevel: number | null;
  batteryV: number | null;
  temperatureC: number | null;
  /** A LoRaWAN uplink's reception at its best gateway. */
  rssiDbm: number | null;
  snrDb: number | null;
  /** A cellular modem's signal level, 0 (none) to 5 (full), as Teltonika reports it. */
  gsmLevel: number | null;
  /** OEM feeds: cumulative operating and idle hours. */
  operatingHoursH: number | null;
  idleHoursH: number | null;
  /** The key an operator identified with (Teltonika iButton or RFID card), upper-case hex. */
  driverKey: string | null;
  /**
   * Every raw value the device sent, including the ones mapped above, as parallel lists of ids and
   * values: appending to two arrays is several times cheaper than filling a sparse object per record.
   */
  ioIds: (number | string)[];
  ioValues: (number | string)[];
}

/** The raw values as one object, id to value, for storage and display. */
export function rawIo(
  record: Pick<TelemetryRecord, 'ioIds' | 'ioValues'>,
): Record<string, number | string> {
  const io: Record<string, number | string> = {};
  for (let i = 0; i < record.ioIds.length; i++)
    io[record.ioIds[i] as number] = record.ioValues[i] as number;
  return io;
}

/** A record with every value absent; adapters fill in what their protocol carries. */
export function emptyRecord(
  sourceType: string,
  sourceCode: string,
  deviceTimeMs: number,
  receivedTimeMs: number,
): TelemetryRecord {
  return {
    sourceType,
    sourceCode,
    deviceTimeMs,
    receivedTimeMs,
    latitude: null,
    longitude: null,
    altitudeM: null,
    speedKmh: null,
    headingDeg: null,
    satellites: null,
    hdop: null,
    ignition: null,
    movement: null,
    engineRunning: null,
    engineRpm: null,
    hourMeterH: null,
    odometerM: null,
    fuelLevelL: null,
    fuelLevelPct: null,
    fuelUsedL: null,
    fuelRateLh: null,
    externalVoltageV: null,
    digitalInputs: null,
    activityLevel: null,
    batteryV: null,
    temperatureC: null,
    rssiDbm: null,
    snrDb: null,
    gsmLevel: null,
    operatingHoursH: null,
    idleHoursH: null,
    driverKey: null,
    ioIds: [],
    ioValues: [],
  };
}
