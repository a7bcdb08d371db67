// Lost LoRaWAN uplinks from the frame counter: a sensor counts every uplink it sends, so a jump of
// more than one between two uplinks received in order is that many lost. A counter that goes back
// is a rejoin or a reset (the count starts again), not a loss.

export interface CountedUplink {
  deviceId: string;
  timeMs: number;
  fCnt: number | null;
}

export interface Gap {
  deviceId: string;
  afterFCnt: number;
  beforeFCnt: number;
  lost: number;
  fromMs: number;
  toMs: number;
}

/** The gaps in each device's counter; uplinks in time order per device. */
export function frameGaps(uplinks: readonly CountedUplink[]): Gap[] {
  const gaps: Gap[] = [];
  const last = new Map<string, CountedUplink>();
  for (const uplink of uplinks) {
    if (uplink.fCnt === null) continue;
    const before = last.get(uplink.deviceId);
    last.set(uplink.deviceId, uplink);
    if (!before || before.fCnt === null || uplink.fCnt <= before.fCnt) continue;
    const lost = uplink.fCnt - before.fCnt - 1;
    if (lost > 0) {
      gaps.push({
        deviceId: uplink.deviceId,
        afterFCnt: before.fCnt,
        beforeFCnt: uplink.fCnt,
        lost,
        fromMs: before.timeMs,
        toMs: uplink.timeMs,
      });
    }
  }
  return gaps;
}
