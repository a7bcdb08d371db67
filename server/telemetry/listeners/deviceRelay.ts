// Staff's view of the Teltonika trackers connected to any ingest process, and the commands sent to
// them, when the ingest runs in processes of its own (docs/scaling.md): a tracker holds one TCP
// connection to one ingest process, while staff's call reaches whichever api process the load
// balancer chose. Over the same NATS connection as the engines' queue, every ingest process answers
// a list request with its connections, and a command goes to the process holding the tracker.
import { randomUUID } from 'node:crypto';
import { JSONCodec, RequestStrategy, type NatsConnection, type Subscription } from 'nats';
import type { CommandOutcome, DeviceConnections, OpenConnection } from './connections.ts';

/** What the admin area reads and sends through: this process's connections, or every ingest's. */
export interface DeviceReach {
  list(): OpenConnection[] | Promise<OpenConnection[]>;
  command(imei: string, text: string, waitMs: number): Promise<CommandOutcome>;
}

/** How long a list waits for ingest processes to answer, after the first, for the next. */
const LIST_QUIET_MS = 150;
const LIST_MAX_MS = 2_000;
/** Time on top of the device's own for the request to reach the ingest and come back. */
const COMMAND_MARGIN_MS = 2_000;

interface Listed {
  process: string;
  connections: OpenConnection[];
}
interface CommandRequest {
  imei: string;
  text: string;
  waitMs: number;
}

const listed = JSONCodec<Listed>();
const commandRequest = JSONCodec<CommandRequest>();
const outcome = JSONCodec<CommandOutcome>();

export class DeviceRelay implements DeviceReach {
  /** This process's name on the relay's subjects. */
  private readonly process = randomUUID();

  constructor(
    private readonly nats: NatsConnection,
    /** Subjects go under it: the stream's name, so that deployments sharing a NATS stay apart. */
    private readonly prefix: string,
  ) {}

  /** An ingest process answers for the trackers connected to it; resolves to a stop function. */
  serve(connections: DeviceConnections): () => void {
    const subscriptions: Subscription[] = [
      this.nats.subscribe(`${this.prefix}.devices.list`, {
        callback: (error, message) => {
          if (!error)
            message.respond(
              listed.encode({ process: this.process, connections: connections.list() }),
            );
        },
      }),
      this.nats.subscribe(`${this.prefix}.devices.${this.process}.command`, {
        callback: (error, message) => {
          if (error) return;
          const { imei, text, waitMs } = commandRequest.decode(message.data);
          void connections
            .command(imei, text, waitMs)
            .then((result) => message.respond(outcome.encode(result)));
        },
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }

  /** Every ingest process's connections; a tracker connected to two (a reconnection) is listed once, the newest. */
  async list(): Promise<OpenConnection[]> {
    return [...(await this.gather()).values()].map(({ connection }) => connection);
  }

  async command(imei: string, text: string, waitMs: number): Promise<CommandOutcome> {
    const holder = (await this.gather()).get(imei);
    if (!holder) return { sent: false, reason: 'not-connected' };
    try {
      const reply = await this.nats.request(
        `${this.prefix}.devices.${holder.process}.command`,
        commandRequest.encode({ imei, text, waitMs }),
        { timeout: waitMs + COMMAND_MARGIN_MS },
      );
      return outcome.decode(reply.data);
    } catch {
      // The ingest process holding it stopped since it was listed: so did the connection.
      return { sent: false, reason: 'not-connected' };
    }
  }

  /** Each connected tracker with the process holding it. */
  private async gather(): Promise<Map<string, { process: string; connection: OpenConnection }>> {
    const held = new Map<string, { process: string; connection: OpenConnection }>();
    let replies: AsyncIterable<{ data: Uint8Array }>;
    try {
      replies = await this.nats.requestMany(`${this.prefix}.devices.list`, undefined, {
        strategy: RequestStrategy.JitterTimer,
        jitter: LIST_QUIET_MS,
        maxWait: LIST_MAX_MS,
      });
    } catch {
      // No ingest process listens: no tracker is connected.
      return held;
    }
    try {
      for await (const reply of replies) {
        const { process, connections } = listed.decode(reply.data);
        for (const connection of connections) {
          const known = held.get(connection.deviceId);
          if (!known || known.connection.connectedAtMs < connection.connectedAtMs)
            held.set(connection.deviceId, { process, connection });
        }
      }
    } catch {
      // No responders ends the replies with an error: what was gathered is the answer.
    }
    return held;
  }
}
