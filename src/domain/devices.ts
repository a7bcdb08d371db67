// Device health rules shared by the server and the portal: the MAC-like formatter of spec point 5,
// battery thresholds per kind of device, signal as bars, and a source's or gateway's status.

/**
 * Spec point 5: upper case, non-word characters dropped, and a colon every 2 characters when the
 * result is at most 16 characters long (an EUI-64 or a MAC address); longer text is left unbroken.
 */
export function formatMacLike(input: string): string {
  const compact = input.toUpperCase().replace(/\W/g, '');
  return compact.length <= 16 ? (compact.match(/.{1,2}/g) ?? []).join(':') : compact;
}

/** A gateway EUI as stored: 16 hexadecimal digits, upper case; null when the text is not one. */
export function gatewayEui(input: string): string | null {
  const compact = input.toUpperCase().replace(/\W/g, '');
  return /^[0-9A-F]{16}$/.test(compact) ? compact : null;
}

export const BATTERY_STATUSES = ['ok', 'low', 'critical'] as const;
export type BatteryStatus = (typeof BATTERY_STATUSES)[number];

/**
 * Each kind of device's own thresholds, in volts: a Teltonika tracker's Li-ion backup cell, a
 * LoRaWAN sensor's 3.6 V lithium thionyl chloride cell (flat near 3.6 V until its last weeks), a
 * Digital Matter tracker's three AA lithium cells. OEM units report no battery.
 */
export const BATTERY_THRESHOLDS_V: Record<string, { lowV: number; criticalV: number }> = {
  TELTONIKA: { lowV: 3.7, criticalV: 3.5 },
  LORA: { lowV: 3.3, criticalV: 3.1 },
  DIGITALMATTER: { lowV: 4.0, criticalV: 3.6 },
};

/** Null when the kind of device has no thresholds or no reading. */
export function batteryStatus(sourceType: string, batteryV: number | null): BatteryStatus | null {
  const thresholds = BATTERY_THRESHOLDS_V[sourceType];
  if (!thresholds || batteryV === null) return null;
  if (batteryV < thresholds.criticalV) return 'critical';
  if (batteryV < thresholds.lowV) return 'low';
  return 'ok';
}

export const SIGNAL_STATUSES = ['good', 'fair', 'weak'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];
/** Signal as 0 to 5 bars, the scale Teltonika's GSM level already uses. */
export const MAX_SIGNAL_BARS = 5;

/**
 * A LoRaWAN uplink's bars from the best gateway's RSSI and SNR: the weaker of the two decides.
 * RSSI -90 dBm or better is full strength, -120 dBm is at the edge of SF12's sensitivity; SNR
 * 5 dB or better is clean, -15 dB is close to SF12's demodulation floor (-20 dB).
 */
export function loraSignalBars(rssiDbm: number, snrDb: number | null): number {
  const byRssi = Math.round(((rssiDbm + 120) / 30) * MAX_SIGNAL_BARS);
  const bySnr =
    snrDb === null ? MAX_SIGNAL_BARS : Math.round(((snrDb + 15) / 20) * MAX_SIGNAL_BARS);
  return Math.max(0, Math.min(MAX_SIGNAL_BARS, byRssi, bySnr));
}

/** A cellular modem's CSQ (0-31, 99 unknown) as bars; null when unknown. */
export function csqBars(csq: number): number | null {
  if (csq === 99 || csq < 0 || csq > 31) return null;
  if (csq >= 20) return 5;
  if (csq >= 15) return 4;
  if (csq >= 10) return 3;
  if (csq >= 5) return 2;
  return csq >= 2 ? 1 : 0;
}

/** A record's bars: its LoRaWAN reception, else its cellular level; null when it carries neither. */
export function signalBars(signal: {
  rssiDbm: number | null;
  snrDb: number | null;
  gsmLevel: number | null;
}): number | null {
  if (signal.rssiDbm !== null) return loraSignalBars(signal.rssiDbm, signal.snrDb);
  if (signal.gsmLevel !== null) return Math.max(0, Math.min(MAX_SIGNAL_BARS, signal.gsmLevel));
  return null;
}

/** The bars each signal status spans, inclusive: the one table the portal and the SQL filters read. */
export const SIGNAL_STATUS_BARS: Record<SignalStatus, readonly [number, number]> = {
  weak: [0, 1],
  fair: [2, 2],
  good: [3, MAX_SIGNAL_BARS],
};

export function signalStatus(bars: number | null): SignalStatus | null {
  if (bars === null) return null;
  return (
    SIGNAL_STATUSES.find(
      (status) => SIGNAL_STATUS_BARS[status][0] <= bars && bars <= SIGNAL_STATUS_BARS[status][1],
    ) ?? null
  );
}

export const SOURCE_STATUSES = ['reporting', 'late', 'silent', 'never', 'outOfService'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** Silent after this long without a record, whatever the device's interval. */
export const SILENT_AFTER_S = 86_400;
/** Late after this many of its expected intervals without a record. */
export const LATE_AFTER_INTERVALS = 3;

/**
 * Reporting while records arrive about as often as the device should send them; late after three
 * missed intervals; silent after a day. The device's off-interval counts, since a machine that is
 * off reports less often.
 */
export function sourceStatus(
  source: {
    lastSeenAtMs: number | null;
    expectedIntervalS: number;
    expectedIntervalOffS: number;
    outOfService: boolean;
  },
  nowMs: number,
): SourceStatus {
  if (source.outOfService) return 'outOfService';
  if (source.lastSeenAtMs === null) return 'never';
  const quietS = (nowMs - source.lastSeenAtMs) / 1000;
  if (quietS >= SILENT_AFTER_S) return 'silent';
  const intervalS = Math.max(source.expectedIntervalS, source.expectedIntervalOffS);
  return quietS > LATE_AFTER_INTERVALS * intervalS ? 'late' : 'reporting';
}

export const GATEWAY_STATUSES = ['online', 'offline', 'never'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** Offline once nothing was relayed for longer than its threshold. */
export function gatewayStatus(lastUplinkAtMs: number | null, offlineAfterS: number, nowMs: number) {
  if (lastUplinkAtMs === null) return 'never' as const;
  return nowMs - lastUplinkAtMs > offlineAfterS * 1000 ? ('offline' as const) : ('online' as const);
}

/** A claim code as typed matches the printed one whatever its case and separators. */
export function sameClaimCode(typed: string | undefined, printed: string): boolean {
  const key = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key(typed ?? '') === key(printed);
}
