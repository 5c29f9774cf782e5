/**
 * Progress on stderr while a command waits on the engine or the service (D107). On a terminal: one
 * line rewritten in place (a spinner, the count of events so far, the seconds), erased when done.
 * Elsewhere (CI logs, a pipe): a line when the wait starts and one when it ends, with the count,
 * never control characters.
 */
import type { Paint, Stream } from "./colour";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export class Progress {
  private count = 0;
  private frame = 0;
  private readonly started = Date.now();
  private timer?: NodeJS.Timeout;
  private readonly live: boolean;

  constructor(
    private readonly stream: Stream,
    private readonly label: string,
    private readonly what: string,
    private readonly paint: Paint,
    /** What is counted, plural ("engine events", "requests"). */
    private unit = "events",
  ) {
    this.live = stream.isTTY === true;
    if (this.live) {
      this.draw();
      this.timer = setInterval(() => this.draw(), 100);
      this.timer.unref();
    } else stream.write(`${label}: ${what}…\n`);
  }

  /** Names what tick() counts ("engine events"). */
  counting(unit: string): this {
    this.unit = unit;
    return this;
  }

  /** One more event (an engine event, a request). */
  tick(): void {
    this.count++;
  }

  get ticks(): number {
    return this.count;
  }

  /** Waits on `work`, then ends the progress with `outcome`, or with "failed" when it throws. */
  async around<T>(outcome: string, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.done(outcome);
      return result;
    } catch (e) {
      this.done("failed");
      throw e;
    }
  }

  /** The wait is over: erase the live line; plain output says how long it took and what was counted. */
  done(outcome = "done"): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.live) this.stream.write("\r\x1b[2K");
    else this.stream.write(`${this.label}: ${outcome} (${this.summary()})\n`);
  }

  private summary(): string {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(1);
    return `${this.count} ${this.unit}, ${seconds}s`;
  }

  private draw(): void {
    const spinner = this.paint.cyan(FRAMES[this.frame++ % FRAMES.length]);
    this.stream.write(`\r\x1b[2K${spinner} ${this.label}: ${this.what}… ${this.paint.dim(this.summary())}`);
  }
}
