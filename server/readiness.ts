// What must be done before the portal can answer truthfully. Each start-up step (the recompute
// backlog, the demo history, the rollups in memory) says when it begins and ends; until every one
// has ended, /v1/health/ready answers 503 naming those still running, and an orchestrator (or the
// e2e suite) keeps traffic away. Steps that fail end too: the portal then answers with what it has,
// and the failure is in the log.

export interface StepReport {
  step: string;
  ms: number;
  error?: unknown;
}

export class Readiness {
  private readonly running = new Map<string, number>();
  private opened = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly onStep: (report: StepReport) => void = () => undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A portal with nothing to wait for (tests, tools): ready at once. */
  static ready(): Readiness {
    const readiness = new Readiness();
    readiness.open();
    return readiness;
  }

  /** Runs one step; the portal is not ready while it runs. Its error is reported, not thrown. */
  async track(step: string, work: () => Promise<unknown>): Promise<void> {
    this.running.set(step, this.now());
    try {
      await work();
      this.finish(step);
    } catch (error) {
      this.finish(step, error);
    }
  }

  /** Every step has been started: from now on the portal is ready once they have all ended. */
  open(): void {
    this.opened = true;
    this.settle();
  }

  get isReady(): boolean {
    return this.opened && this.running.size === 0;
  }

  get pending(): string[] {
    return [...this.running.keys()];
  }

  whenReady(): Promise<void> {
    return this.isReady ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  private finish(step: string, error?: unknown): void {
    const started = this.running.get(step) ?? this.now();
    this.running.delete(step);
    this.onStep({ step, ms: Math.round(this.now() - started), ...(error ? { error } : {}) });
    this.settle();
  }

  private settle(): void {
    if (!this.isReady) return;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
