// NATS JetStream between the ingest and the engines, when they run as separate processes
// (docs/scaling.md). The ingest publishes what each commit touched and answers its device only
// once JetStream has stored the message; engines share one durable consumer, so each message goes
// to one engine, and one that an engine took but never acknowledged (it died) goes to another after
// the ack wait. Recomputing a day is idempotent (it is rebuilt from the stored records, under the
// machine's lock in PostgreSQL), so a message handled twice counts nothing twice.
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  headers as natsHeaders,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { contextFrom, inSpan, SpanKind, traceHeaders } from '../observability/tracing.ts';
import type { TouchedSpan } from './ingest.ts';

export interface BrokerSettings {
  url: string;
  /** The stream's name; its subject is `<stream>.touched`. */
  stream: string;
  ackWaitS: number;
}

/** The engines' shared consumer. */
const CONSUMER = 'engines';
/** Messages an engine takes at once: their days are recomputed together. */
const BATCH_MESSAGES = 500;

const codec = JSONCodec<TouchedSpan[]>();

export class TouchedBroker {
  private stopped = false;
  private loop: Promise<void> | null = null;

  private constructor(
    /** Shared with the device relay (listeners/deviceRelay.ts): one connection per process. */
    readonly connection: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly settings: BrokerSettings,
  ) {}

  /** Connects, and creates the stream and the engines' consumer where they do not exist yet. */
  static async connect(settings: BrokerSettings): Promise<TouchedBroker> {
    const connection = await connect({
      servers: settings.url,
      name: `fleet-portal-${process.pid}`,
      maxReconnectAttempts: -1,
      // Started beside NATS (compose.yaml), a process waits for it rather than exiting.
      waitOnFirstConnect: true,
    });
    const manager = await connection.jetstreamManager();
    const subject = `${settings.stream}.touched`;
    try {
      await manager.streams.info(settings.stream);
    } catch {
      await manager.streams.add({
        name: settings.stream,
        subjects: [subject],
        // A message is deleted once an engine acknowledged it: the stream holds only work to do.
        retention: RetentionPolicy.Workqueue,
        storage: StorageType.File,
      });
    }
    try {
      await manager.consumers.info(settings.stream, CONSUMER);
    } catch {
      await manager.consumers.add(settings.stream, {
        durable_name: CONSUMER,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(settings.ackWaitS * 1000),
        max_ack_pending: 20_000,
      });
    }
    return new TouchedBroker(connection, connection.jetstream(), settings);
  }

  /** Resolves once JetStream has stored the message: the ingest acknowledges its device after. */
  async publish(touched: TouchedSpan[]): Promise<void> {
    if (touched.length === 0) return;
    // The batch's trace goes with it to the engine that takes it (W3C trace context in headers).
    const trace = Object.entries(traceHeaders());
    const headers = trace.length > 0 ? natsHeaders() : undefined;
    for (const [key, value] of trace) headers?.set(key, value);
    await this.js.publish(`${this.settings.stream}.touched`, codec.encode(touched), {
      ...(headers ? { headers } : {}),
    });
  }

  /**
   * Takes batches from the shared consumer and hands each to `handle`, which resolves when their
   * days are committed; only then are the messages acknowledged. A failed batch is left to be
   * delivered again.
   */
  consume(
    handle: (touched: TouchedSpan[]) => Promise<void>,
    onError: (error: unknown) => void,
  ): void {
    this.loop ??= (async () => {
      const consumer = await this.js.consumers.get(this.settings.stream, CONSUMER);
      while (!this.stopped) {
        const messages: JsMsg[] = [];
        try {
          const batch = await consumer.fetch({ max_messages: BATCH_MESSAGES, expires: 1000 });
          for await (const message of batch) messages.push(message);
          if (messages.length === 0) continue;
          // One span for the batch, in the trace of its first message's ingest.
          const first = messages[0]?.headers;
          await inSpan(
            'engine recompute',
            {
              kind: SpanKind.CONSUMER,
              parent: contextFrom((key) => first?.get(key) || undefined),
              attributes: { 'messaging.batch.message_count': messages.length },
            },
            () =>
              this.whileWorking(messages, () =>
                handle(messages.flatMap((message) => codec.decode(message.data))),
              ),
          );
          for (const message of messages) message.ack();
        } catch (error) {
          if (this.stopped) return;
          for (const message of messages) message.nak(1000);
          onError(error);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    })();
  }

  /** Tells JetStream the batch is still being worked on, so a long recompute is not taken over. */
  private async whileWorking(messages: JsMsg[], work: () => Promise<void>): Promise<void> {
    const timer = setInterval(
      () => {
        for (const message of messages) message.working();
      },
      Math.max(500, (this.settings.ackWaitS * 1000) / 3),
    );
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
  }

  /** Messages stored and not yet acknowledged by an engine. */
  async backlog(): Promise<number> {
    const manager = await this.connection.jetstreamManager();
    const info = await manager.streams.info(this.settings.stream);
    return info.state.messages;
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.loop?.catch(() => undefined);
    await this.connection.drain();
  }
}
