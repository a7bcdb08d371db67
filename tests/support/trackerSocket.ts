// A tracker's TCP connection to a Teltonika listener, for the tests that play the device.
import net from 'node:net';

/** A device's TCP connection that collects every byte the server sends back. */
export class TrackerSocket {
  readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
    this.socket.on('error', () => undefined);
  }

  /** Resolves with the next `bytes` bytes the server sends. */
  async read(bytes: number): Promise<Buffer> {
    while (this.received.length < bytes)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    const head = this.received.subarray(0, bytes);
    this.received = this.received.subarray(bytes);
    return head;
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }
}
