/**
 * Colour only where a person reads (D107): the streams a command writes to, and the rule for
 * colouring each. Tests pass their own streams and environment.
 */
export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdout: Stream;
  stderr: Stream;
  env: Record<string, string | undefined>;
}

export const processIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

/**
 * Colour on `stream`: FORCE_COLOR (any value but "0"/"false") turns it on, NO_COLOR (any non-empty
 * value, no-color.org) off, otherwise on a terminal only. NO_COLOR wins over FORCE_COLOR.
 */
export function colourOn(stream: Stream, env: Io["env"]): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return stream.isTTY === true;
}

export interface Paint {
  on: boolean;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const sgr = (on: boolean, open: number, close: number) => (s: string) => (on ? `\x1b[${open}m${s}\x1b[${close}m` : s);

export function paint(on: boolean): Paint {
  return { on, red: sgr(on, 31, 39), green: sgr(on, 32, 39), yellow: sgr(on, 33, 39), cyan: sgr(on, 36, 39), bold: sgr(on, 1, 22), dim: sgr(on, 2, 22) };
}
