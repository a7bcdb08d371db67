// The Teltonika devices connected now, by IMEI: what staff see as "connections open", and the way
// a codec 12 command reaches a device and its reply comes back. The TCP listener reports each
// connection's life here; the admin area reads it and sends through it.
import type net from 'node:net';
import { encodeCommand } from '../adapters/teltonika/encode.ts';

interface Open {
  socket: net.Socket;
  remote: string;
  connectedAtMs: number;
  lastPacketAtMs: number | null;
  /** The command waiting for its reply: one at a time, as a device answers in order. */
  waiting: ((text: string) => void) | null;
}

export interface OpenConnection {
  deviceId: string;
  remote: string;
  connectedAtMs: number;
  lastPacketAtMs: number | null;
}

export type CommandOutcome =
  { sent: true; response: string | null } | { sent: false; reason: 'not-connected' | 'busy' };

export class DeviceConnections {
  private readonly open = new Map<string, Open>();

  /** A device said its IMEI; a newer connection of the same device replaces the older one. */
  opened(imei: string, socket: net.Socket, remote: string): void {
    this.open.set(imei, {
      socket,
      remote,
      connectedAtMs: Date.now(),
      lastPacketAtMs: null,
      waiting: null,
    });
  }

  packet(imei: string): void {
    const open = this.open.get(imei);
    if (open) open.lastPacketAtMs = Date.now();
  }

  answered(imei: string, text: string): void {
    const open = this.open.get(imei);
    const waiting = open?.waiting;
    if (!open || !waiting) return;
    open.waiting = null;
    waiting(text);
  }

  closed(imei: string, socket: net.Socket): void {
    const open = this.open.get(imei);
    if (open?.socket !== socket) return;
    this.open.delete(imei);
    open.waiting?.('');
  }

  list(): OpenConnection[] {
    return [...this.open].map(([deviceId, open]) => ({
      deviceId,
      remote: open.remote,
      connectedAtMs: open.connectedAtMs,
      lastPacketAtMs: open.lastPacketAtMs,
    }));
  }

  /** Sends a command and waits up to `waitMs` for the reply; null when none came in time. */
  async command(imei: string, text: string, waitMs: number): Promise<CommandOutcome> {
    const open = this.open.get(imei);
    if (!open || open.socket.destroyed) return { sent: false, reason: 'not-connected' };
    if (open.waiting) return { sent: false, reason: 'busy' };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reply = new Promise<string | null>((resolve) => {
      open.waiting = (answer) => resolve(answer === '' ? null : answer);
      timer = setTimeout(() => {
        open.waiting = null;
        resolve(null);
      }, waitMs);
    });
    open.socket.write(encodeCommand(text));
    const response = await reply;
    clearTimeout(timer);
    return { sent: true, response };
  }
}
