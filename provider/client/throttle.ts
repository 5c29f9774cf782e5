/**
 * Client-side pacing: a token bucket per rate tier (requests per minute), a pause until the
 * server's reset when X-RateLimit-Remaining reaches 0 or a 429 arrives, and a concurrency
 * cap. All waits are measured so stats() can report time spent waiting.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A token bucket refilled continuously at perMinute / 60000 tokens per ms. */
export class TokenBucket {
  private tokens: number;
  private refilledAt = Date.now();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly perMinute: number, private readonly burst: number) {
    this.tokens = burst;
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

/**
 * The server's own count for the current window (X-RateLimit-Remaining / X-Ratelimit-Reset):
 * the client never sends more than the server said is left, minus what is still in flight.
 * The token bucket alone cannot know what earlier processes used of a fixed window (e.g. a
 * `destroy` right after an `up`), nor its own first burst's overlap with the window. While the
 * window's budget is unknown (first request, or a new window), one request goes out alone
 * and learns it. A server that sends no rate-limit headers switches this off.
 */
export class ServerBudget {
  private left: number | undefined;
  private resetAtMs = 0;
  private probe: Promise<void> | undefined;
  private endProbe: (() => void) | undefined;
  private off = false;

  /** Waits until a request may be sent; resolves to the milliseconds waited. */
  async take(): Promise<number> {
    let waited = 0;
    while (!this.off) {
      const now = Date.now();
      if (this.left !== undefined && now >= this.resetAtMs) this.left = undefined; // a new window
      if (this.left === undefined) {
        if (!this.probe) {
          this.probe = new Promise<void>((resolve) => (this.endProbe = resolve));
          return waited;
        }
        await this.probe;
        waited += Date.now() - now;
        continue;
      }
      if (this.left > 0) {
        this.left -= 1;
        return waited;
      }
      await sleep(this.resetAtMs - now);
      waited += this.resetAtMs - now;
    }
    return waited;
  }

  /** After a response: what the server says is left, less the requests still in flight. */
  observe(remaining: number | undefined, resetSeconds: number | undefined, othersInFlight: number): void {
    if (remaining === undefined || resetSeconds === undefined) this.off = true;
    else {
      this.left = Math.max(0, remaining - othersInFlight);
      this.resetAtMs = resetSeconds * 1000;
    }
    this.settle();
  }

  /** After any attempt (answered or not): a probe that learned nothing must not block the rest. */
  settle(): void {
    const end = this.endProbe;
    this.probe = undefined;
    this.endProbe = undefined;
    end?.();
  }
}
