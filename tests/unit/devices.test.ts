// The device health rules: the MAC-like formatter of spec point 5, EUIs, battery thresholds,
// signal bars and the statuses of sources and gateways.
import { describe, expect, it } from 'vitest';
import {
  batteryStatus,
  csqBars,
  formatMacLike,
  gatewayEui,
  gatewayStatus,
  loraSignalBars,
  signalBars,
  signalStatus,
  sourceStatus,
} from '../../src/domain/devices.ts';

describe('the MAC-like formatter', () => {
  it('upper-cases, drops non-word characters and puts a colon every 2 characters', () => {
    expect(formatMacLike('b8-27-eb-ff-fe-61-a5-d2')).toBe('B8:27:EB:FF:FE:61:A5:D2');
    expect(formatMacLike('00:1a:2B.3c 4d')).toBe('00:1A:2B:3C:4D');
    expect(formatMacLike('abc')).toBe('AB:C');
    expect(formatMacLike('')).toBe('');
    // Underscores are word characters: kept.
    expect(formatMacLike('a_b')).toBe('A_:B');
  });

  it('leaves text longer than 16 characters unbroken', () => {
    expect(formatMacLike('0123456789abcdef0')).toBe('0123456789ABCDEF0');
    expect(formatMacLike('0123456789abcdef')).toBe('01:23:45:67:89:AB:CD:EF');
  });

  it('reads an EUI from any separators, or refuses what is not 16 hex digits', () => {
    expect(gatewayEui('b8:27:eb:ff:fe:61:a5:d2')).toBe('B827EBFFFE61A5D2');
    expect(gatewayEui('B827EBFFFE61A5')).toBeNull();
    expect(gatewayEui('G827EBFFFE61A5D2')).toBeNull();
  });
});

describe('battery', () => {
  it('judges each kind of device by its own thresholds', () => {
    expect(batteryStatus('LORA', 3.6)).toBe('ok');
    expect(batteryStatus('LORA', 3.2)).toBe('low');
    expect(batteryStatus('LORA', 3.0)).toBe('critical');
    // 3.6 V is a healthy lithium sensor cell, but a Teltonika backup cell near its end.
    expect(batteryStatus('TELTONIKA', 3.6)).toBe('low');
    expect(batteryStatus('DIGITALMATTER', 3.5)).toBe('critical');
    expect(batteryStatus('CAT', 3.0)).toBeNull();
    expect(batteryStatus('LORA', null)).toBeNull();
  });
});

describe('signal', () => {
  it('turns LoRaWAN reception into bars, the weaker of RSSI and SNR deciding', () => {
    expect(loraSignalBars(-80, 9)).toBe(5);
    expect(loraSignalBars(-105, 5)).toBe(3);
    expect(loraSignalBars(-80, -12)).toBe(1);
    expect(loraSignalBars(-125, 10)).toBe(0);
    expect(loraSignalBars(-90, null)).toBe(5);
  });

  it('turns a modem CSQ into bars, 99 being unknown', () => {
    expect([0, 2, 5, 10, 15, 20, 31].map(csqBars)).toEqual([0, 1, 2, 3, 4, 5, 5]);
    expect(csqBars(99)).toBeNull();
  });

  it('prefers the LoRaWAN reception to a cellular level and names the status', () => {
    expect(signalBars({ rssiDbm: -80, snrDb: 9, gsmLevel: 1 })).toBe(5);
    expect(signalBars({ rssiDbm: null, snrDb: null, gsmLevel: 2 })).toBe(2);
    expect(signalBars({ rssiDbm: null, snrDb: null, gsmLevel: null })).toBeNull();
    expect([0, 1, 2, 3, 5].map(signalStatus)).toEqual(['weak', 'weak', 'fair', 'good', 'good']);
    expect(signalStatus(null)).toBeNull();
  });
});

describe('status', () => {
  const now = Date.UTC(2025, 0, 13, 12);
  const source = {
    lastSeenAtMs: now - 10 * 60_000,
    expectedIntervalS: 60,
    expectedIntervalOffS: 600,
    outOfService: false,
  };
  it('is reporting, late after three missed intervals, silent after a day', () => {
    expect(sourceStatus(source, now)).toBe('reporting');
    expect(sourceStatus({ ...source, lastSeenAtMs: now - 31 * 60_000 }, now)).toBe('late');
    expect(sourceStatus({ ...source, lastSeenAtMs: now - 86_400_000 }, now)).toBe('silent');
    expect(sourceStatus({ ...source, lastSeenAtMs: null }, now)).toBe('never');
    expect(sourceStatus({ ...source, outOfService: true }, now)).toBe('outOfService');
  });

  it('has a gateway offline once quiet for longer than its threshold', () => {
    expect(gatewayStatus(now - 60_000, 1800, now)).toBe('online');
    expect(gatewayStatus(now - 1801_000, 1800, now)).toBe('offline');
    expect(gatewayStatus(null, 1800, now)).toBe('never');
  });
});
