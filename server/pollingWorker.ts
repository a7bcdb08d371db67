// A background worker's rhythm: it looks for due work every so often and at once when woken, one
// pass at a time, with a pass woken meanwhile run right after; stop() waits for the pass under way.
export abstract class PollingWorker {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pollMs: () => number,
    private readonly log: { error(o: object, message: string): void },
    private readonly name: string,
  ) {}

  /** One pass over the work due now. */
  protected abstract tick(): Promise<void>;

  /** Looks for work every pollMs (never when 0), and at once. */
  start(): void {
    const pollMs = this.pollMs();
    if (pollMs > 0 && !this.timer) this.timer = setInterval(() => this.wake(), pollMs);
    this.wake();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Resolves once the work under way, and any it was woken for meanwhile, is done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Work was queued in this process: do it soon rather than at the next poll. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tick()
      .catch((error: unknown) => this.log.error({ err: error }, `${this.name} failed`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }
}
