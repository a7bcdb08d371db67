// Work a request asks for but must not wait on, run one piece after another once its reply has
// left: a password reset's mail, whose lookup and sending would otherwise tell by the reply's time
// whether the address has an account. Failures are logged, never thrown at a caller long gone.
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work queued to run after its reply: tests wait on it with idle(). */
    afterReply: AfterReply;
  }
}

export class AfterReply {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Queues the work behind whatever was queued before it, to start once the reply has gone. */
  run(reply: FastifyReply, name: string, work: () => Promise<void>): void {
    // Started any earlier, its queries (on PGlite, on this very thread) would delay the reply.
    const sent = new Promise<void>((resolve) => {
      if (reply.raw.writableFinished || reply.raw.destroyed) resolve();
      reply.raw.once('finish', resolve);
      reply.raw.once('close', resolve);
    });
    this.chain = this.chain
      .then(() => sent)
      .then(work)
      .catch((error: unknown) => {
        this.log.error({ err: error }, `${name} failed after its reply`);
      });
  }

  /** Settles once everything queued so far has run: tests, and closing the server, wait on it. */
  idle(): Promise<void> {
    return this.chain;
  }
}
