/**
 * A fair share of an account's rate limit (D65). The limit (X-RateLimit-Limit a minute) is per
 * account and shared with the account's own production traffic, so the client takes a share
 * of it by default and, within each window, leaves the others what they are entitled to and
 * what they are seen to be using (X-RateLimit-Remaining falling faster than our own requests
 * explain). The policy is data; AccountBudget applies it to the server's counts, read as
 * fixed windows (the spec, the local service) or as a leaky bucket (the real service as
 * recorded), whichever the answers show (`Drain`).
 */
import { sleep } from "./throttle";

export interface SharePolicy {
  /** The share of the account's limit taken when requestsPerMinute is not set (0.5 = half). */
  share: number;
  /** The length of the service's rate-limit window: its limits are per minute. */
  windowMs: number;
  /**
   * Others' use is turned into a pace over at least this much of the window, so a burst at
   * the window's start is not taken for a pace they keep up all window.
   */
  minObservedMs: number;
  /** The longest single wait before the budget is looked at again (the window may end early). */
  recheckMs: number;
  /** Kept free on top, once others are seen using the account: a share of the limit, for their jitter. */
  margin: number;
  /**
   * How long the others wait for the request that learns an unknown window (the probe). A slow
   * answer (a template's files, a lost answer held until the timeout) must not hold every other
   * request: after this, one more goes out (and learns the window too), one per this interval.
   */
  probeWaitMs: number;
}

export const DEFAULT_SHARE_POLICY: Readonly<SharePolicy> = Object.freeze({
  share: 0.5,
  windowMs: 60_000,
  minObservedMs: 15_000,
  recheckMs: 1_000,
  margin: 0.05,
  probeWaitMs: 1_000,
});

/** What one answer said about its window (the three rate-limit headers). */
export interface WindowCounts {
  limit?: number;
  remaining?: number;
  /** Unix seconds: the end of the window, or (a bucket) when it is full again. */
  reset?: number;
  /** The answer's `Date` (ms): the server's clock, so a reset is read without the clocks' skew. */
  serverNowMs?: number;
}

/**
 * How the service frees its count (real-service-evidence.md §7). The local service and the
 * spec count in fixed windows: everything is freed at the reset, the end of the window. The
 * real service was recorded as a leaky bucket: the reset is when the bucket would be empty
 * (about now when nearly full: "1 used, reset = Date"), and the count drains continuously at
 * the limit per window. An answer whose reset is where a bucket's would be is read as one;
 * a reset a bucket could not have (far later, or far earlier, than its level drains) shows a
 * window, for good (a window's last seconds look like a bucket, a bucket never like a window).
 */
export type Drain = "window" | "bucket";

/**
 * Seconds-resolution headers (reset and Date): a bucket's reset may be off by up to 2 s; less in
 * a short window (tests scale the minute down), where 2 s would make every window's reset fit.
 */
const resetToleranceMs = (windowMs: number) => Math.min(2_000, windowMs / 10);

/** Whether a reset `untilResetMs` away fits a bucket of `limit` holding `used` that drains over `windowMs`. */
export function fitsBucket(limit: number, used: number, untilResetMs: number, windowMs: number): boolean {
  const perRequestMs = windowMs / limit;
  const drainMs = Math.max(0, used - 1) * perRequestMs;
  const tolerance = resetToleranceMs(windowMs);
  return untilResetMs <= drainMs + perRequestMs + tolerance && untilResetMs >= drainMs - perRequestMs - tolerance;
}

/**
 * The server's own count for one rate tier's current window. The client never sends more
 * than the server said is left, less what the account's other users are owed:
 * - their entitlement: the limit less our own rate (`ourRate(limit)`), less what they used;
 * - their pace: what they used so far this window, projected over the rest of it.
 * Whichever is larger is kept free for them. While the window's budget is unknown (first
 * request, or a new window), one request goes out alone and learns it (another follows each
 * probeWaitMs its answer is late). A server that sends
 * no rate-limit headers switches this off.
 */
export class AccountBudget {
  private limit: number | undefined;
  private remaining: number | undefined;
  private resetAtMs = 0;
  private observedAtMs = 0;
  /** Our answers counted in the current window. */
  private oursAnswered = 0;
  /** Requests that passed take() and have not been answered (observe/settle) yet. */
  private pending = 0;
  private othersUsed = 0;
  /** Others' pace (requests per ms) in the last window seen: a steady user is expected again. */
  private lastWindowPace = 0;
  private probe: Promise<void> | undefined;
  /** When the last request sent into an unknown window went out. */
  private probeSentAtMs = 0;
  private endProbe: (() => void) | undefined;
  private off = false;
  /** Until an answer shows a window, a reset that fits is read as a bucket's. */
  private windowSeen = false;
  private bucket = false;
  private fits = 0;
  /** When the last answer showed others' use of a bucket (their margin is kept a window after). */
  private othersSeenAtMs = -Infinity;

  constructor(
    private readonly policy: SharePolicy,
    /** Our own requests per window for the window's limit (Infinity when unthrottled). */
    private readonly ourRate: (limit: number) => number,
  ) {}

  /** How the service frees its count, as its answers show it (a window until a bucket is seen). */
  get drain(): Drain {
    return this.bucket ? "bucket" : "window";
  }

  /** Waits until a request may be sent; resolves to the milliseconds waited. */
  async take(): Promise<number> {
    let waited = 0;
    while (!this.off) {
      const now = Date.now();
      if (!this.bucket && this.remaining !== undefined && now >= this.resetAtMs) this.newWindow();
      if (this.remaining === undefined) {
        // One request learns the window; another goes out only when it is slow to answer.
        if (!this.probe || now - this.probeSentAtMs >= this.policy.probeWaitMs) {
          this.probe ??= new Promise<void>((resolve) => (this.endProbe = resolve));
          this.probeSentAtMs = now;
          this.pending += 1;
          return waited;
        }
        await Promise.race([this.probe, sleep(this.probeSentAtMs + this.policy.probeWaitMs - now)]);
        waited += Date.now() - now;
        continue;
      }
      if (this.allowance() >= 1) {
        this.pending += 1;
        return waited;
      }
      // Answers in flight, the bucket's drain or the window's end change the picture: look again soon.
      const until = this.bucket ? this.msPerRequest() : this.resetAtMs - now;
      const delay = Math.max(1, Math.min(until, this.policy.recheckMs));
      await sleep(delay);
      waited += delay;
    }
    this.pending += 1;
    return waited;
  }

  /** After an answer: the server's counts for this window. */
  observe(counts: WindowCounts): void {
    this.pending = Math.max(0, this.pending - 1);
    const { limit, remaining, reset } = counts;
    const drain = remaining === undefined || reset === undefined ? undefined : this.drainOf(counts);
    if (remaining === undefined || reset === undefined) this.off = true;
    else if (drain === "bucket") this.observeBucket(limit!, remaining);
    // One answer that fits a bucket may be a window's last moments: the next request learns more.
    else if (drain === undefined) return this.endProbeTurn();
    else {
      const resetAtMs = reset * 1000;
      // A late answer from a window that has ended says nothing about the current one.
      if (resetAtMs < this.resetAtMs || Date.now() >= resetAtMs) return this.endProbeTurn();
      if (resetAtMs !== this.resetAtMs) {
        if (this.remaining !== undefined) this.endWindow(); // else take() already ended it
        this.resetAtMs = resetAtMs;
      }
      this.oursAnswered += 1;
      this.limit = limit;
      this.remaining = remaining;
      this.observedAtMs = Date.now();
      // What the server counted that our answers do not explain, less ours still in flight
      // (the server may have counted them already): under- rather than over-counts others.
      this.othersUsed = limit === undefined ? 0 : Math.max(0, limit - remaining - this.oursAnswered - this.pending);
    }
    this.endProbeTurn();
  }

  /**
   * How this answer's count drains: a bucket's once two answers in a row fit one (a single one
   * may be a window's last moments: undefined, undecided), a window's from the first that does
   * not, for good.
   */
  private drainOf({ limit, remaining, reset, serverNowMs }: WindowCounts): Drain | undefined {
    if (this.windowSeen || limit === undefined || limit <= 0 || remaining === undefined || reset === undefined) return "window";
    const untilResetMs = reset * 1000 - (serverNowMs ?? Date.now());
    if (fitsBucket(limit, limit - remaining, untilResetMs, this.policy.windowMs)) {
      this.fits += 1;
      if (!this.bucket && this.fits < 2) return undefined;
      if (!this.bucket) {
        this.bucket = true;
        this.remaining = undefined; // a window's count says nothing of the bucket
      }
      return "bucket";
    }
    this.windowSeen = true;
    if (this.bucket) {
      this.bucket = false;
      this.remaining = undefined;
      this.resetAtMs = 0;
    }
    return "window";
  }

  /**
   * A bucket's answer: its level now, and what others added since the last answer (the level
   * we expected, drained since, less this answer and ours in flight, above the level seen).
   */
  private observeBucket(limit: number, remaining: number): void {
    const now = Date.now();
    if (this.remaining !== undefined) {
      const expected = this.bucketRemaining(now) - 1 - this.pending;
      if (expected - remaining >= 1) this.othersSeenAtMs = now;
    }
    this.limit = limit;
    this.remaining = remaining;
    this.observedAtMs = now;
    this.endProbeTurn();
  }

  /** The time the bucket takes to free one request. */
  msPerRequest(): number {
    return this.limit ? this.policy.windowMs / this.limit : 0;
  }

  /** The bucket's remaining count now: the last answer's, drained since. */
  private bucketRemaining(now = Date.now()): number {
    if (this.limit === undefined || this.remaining === undefined) return 0;
    return Math.min(this.limit, this.remaining + (now - this.observedAtMs) / this.msPerRequest());
  }

  /** After an attempt that got no answer: it must not block the rest. */
  settle(): void {
    this.pending = Math.max(0, this.pending - 1);
    this.endProbeTurn();
  }

  /** The requests that may still be sent in this window (fractional; < 1 means wait). */
  allowance(): number {
    if (this.remaining === undefined) return 0;
    if (this.bucket) return this.bucketRemaining() - this.pending - this.keptForOthers();
    return this.remaining - this.pending - this.keptForOthers();
  }

  /**
   * What the account's other users are owed for the rest of the window. The server's count
   * dates from the last answer, so their pace is carried on from then (not from now).
   */
  keptForOthers(): number {
    if (this.limit === undefined || this.remaining === undefined) return 0;
    if (this.bucket) return this.keptInBucket();
    const entitled = Math.max(0, this.limit - this.ourRate(this.limit) - this.othersUsed);
    // Their pace (this window's so far, or the last one's if faster), carried on from the
    // last answer to the window's end.
    const pace = Math.max(this.pace(), this.lastWindowPace) * Math.max(0, this.resetAtMs - this.observedAtMs);
    const seen = this.othersUsed > 0 || this.lastWindowPace > 0;
    const margin = seen ? Math.ceil(this.limit * this.policy.margin) : 0;
    // The margin is for the jitter of the pace seen, not on top of their whole entitlement:
    // there it would eat our own rate (a local service's unenforced limit of 1,000,000 made
    // the margin 50,000 and stalled a provider with requestsPerMinute set until each window ended).
    return Math.min(this.remaining, Math.max(entitled, pace + margin));
  }

  /**
   * A bucket: the others' share of its room (the limit less our rate) is never filled by us,
   * and once they are seen using it, the margin too. It refills as it drains, so their use
   * does not spend an entitlement as in a window: when they use more than their share, the
   * level rises and we send only what drains, which leaves them what they use.
   */
  private keptInBucket(): number {
    const limit = this.limit!;
    const entitled = Math.max(0, limit - this.ourRate(limit));
    const seen = Date.now() - this.othersSeenAtMs < this.policy.windowMs;
    const margin = seen ? Math.ceil(limit * this.policy.margin) : 0;
    return Math.min(this.bucketRemaining(), limit, entitled + margin);
  }

  /** Others' requests per ms since the window began (over at least minObservedMs). */
  private pace(): number {
    const windowStart = this.resetAtMs - this.policy.windowMs;
    return this.othersUsed / Math.max(this.policy.minObservedMs, this.observedAtMs - windowStart);
  }

  private newWindow(): void {
    this.endWindow();
    this.remaining = undefined;
  }

  /**
   * Keeps the ending window's pace of others and starts counting anew. A window we saw only
   * its first moments of (we stopped sending early, as a busy account makes us) says little,
   * so it may raise the pace carried over but not lower it; a window long past says nothing.
   */
  private endWindow(): void {
    const windowStart = this.resetAtMs - this.policy.windowMs;
    if (this.resetAtMs <= Date.now() - this.policy.windowMs) this.lastWindowPace = 0;
    else if (this.observedAtMs - windowStart >= this.policy.minObservedMs) this.lastWindowPace = this.pace();
    else this.lastWindowPace = Math.max(this.lastWindowPace, this.pace());
    this.othersUsed = 0;
    this.oursAnswered = 0;
  }

  private endProbeTurn(): void {
    const end = this.endProbe;
    this.probe = undefined;
    this.endProbe = undefined;
    end?.();
  }
}
