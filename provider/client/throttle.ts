/**
 * Client-side pacing: a token bucket per rate tier (requests per minute), a pause until the
 * server's reset when X-RateLimit-Remaining reaches 0 or a 429 arrives, and a concurrency
 * cap (the account's share of the server's window: share.ts). All waits are measured so
 * stats() can report time spent waiting.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A token bucket refilled continuously at perMinute / 60000 tokens per ms. */
export class TokenBucket {
  private tokens: number;
  private refilledAt = Date.now();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private perMinute: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  /** The current pace (requests a minute). */
  get rate(): number {
    return this.perMinute;
  }

  /** Changes the pace from now on; tokens already earned are kept. */
  setRate(perMinute: number): void {
    this.refill();
    this.perMinute = perMinute;
  }

  /** Takes one token, waiting in FIFO order; resolves to the milliseconds waited. */
  take(): Promise<number> {
    const turn = this.queue.then(() => this.takeInOrder());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async takeInOrder(): Promise<number> {
    if (!Number.isFinite(this.perMinute) || this.perMinute <= 0) return 0;
    let waited = 0;
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return waited;
      }
      const delay = Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
      await sleep(delay);
      waited += delay;
    }
  }

  private refill(): void {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) * this.perMinute) / 60_000);
    this.refilledAt = now;
  }
}

/** Limits the number of requests in flight. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** Requests in flight now. */
  get inUse(): number {
    return this.active;
  }

  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

/** Shared pause: set from rate-limit headers, honoured by every request before it starts. */
export class RateLimitGate {
  private pausedUntil = 0;

  pauseUntil(timestampMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, timestampMs);
  }

  /** Waits out any pause; resolves to the milliseconds waited. */
  async pass(): Promise<number> {
    let waited = 0;
    for (let remaining = this.pausedUntil - Date.now(); remaining > 0; remaining = this.pausedUntil - Date.now()) {
      await sleep(remaining);
      waited += remaining;
    }
    return waited;
  }
}
