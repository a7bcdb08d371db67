// What the access check reads for every request (is the session live, what is the organisation),
// held briefly per process. Forgetting is told by this process's own changes and by other
// processes' notices (accessChanges.ts); the hold time covers a process that hears none.
export class AccessCache<T> {
  private readonly held = new Map<string, { value: T; atMs: number }>();
  /** Goes up with each forgetting, so that an answer read before it is not kept after it. */
  private forgotten = 0;

  constructor(
    private readonly holdMs: number,
    private readonly now: () => number,
    /** Bounded: a busy server forgets old entries rather than growing without end. */
    private readonly maxHeld: number,
  ) {}

  /** The held value, or `load`'s when none is held or it is older than holdMs; undefined is not held. */
  async get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const held = this.held.get(key);
    if (held && this.now() - held.atMs < this.holdMs) return held.value;
    const forgottenBefore = this.forgotten;
    const value = await load();
    if (value === undefined) {
      this.held.delete(key);
      return undefined;
    }
    if (this.held.size >= this.maxHeld) this.held.clear();
    if (this.forgotten === forgottenBefore) this.held.set(key, { value, atMs: this.now() });
    return value;
  }

  forget(key: string): void {
    this.forgotten += 1;
    this.held.delete(key);
  }

  /** Notices may have been missed: load every key again. */
  forgetAll(): void {
    this.forgotten += 1;
    this.held.clear();
  }
}
