/**
 * What a command's run() writes with: stdout for its result, stderr for errors, notes and progress,
 * each coloured by its own rule (colour.ts).
 */
import { colourOn, paint, type Io, type Paint } from "./colour";
import { Progress } from "./progress";

export type { Io } from "./colour";

/** What a command's run() gets: its streams, paints for each, its label, progress. */
export class Ui {
  readonly out: Paint;
  readonly err: Paint;
  constructor(
    readonly io: Io,
    /** "esign drift": what every line on stderr starts with. */
    readonly label: string,
  ) {
    this.out = paint(colourOn(io.stdout, io.env));
    this.err = paint(colourOn(io.stderr, io.env));
  }
  print(text: string): void {
    this.io.stdout.write(text);
  }
  /** A note on stderr (a result's summary, a warning), labelled. */
  note(line: string): void {
    this.io.stderr.write(`${this.err.bold(`${this.label}:`)} ${line}\n`);
  }
  /** The one-line error, labelled. */
  error(line: string): void {
    this.io.stderr.write(`${this.err.red(this.err.bold(`${this.label}:`))} ${line}\n`);
  }
  /** Progress of a wait on the engine or the service, on stderr: a spinner on a terminal, plain lines otherwise. */
  progress(what: string): Progress {
    return new Progress(this.io.stderr, this.label, what, this.err);
  }
}
