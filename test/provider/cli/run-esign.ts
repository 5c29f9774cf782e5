/** Runs `esign` in process (main()) with captured streams and its own environment. */
import { main } from "../../../provider/cli/esign";
import type { Command } from "../../../provider/cli/command";
import { COMMANDS } from "../../../provider/cli/commands";
import type { Stream } from "../../../provider/cli/colour";

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Whether stdout and stderr claim to be a terminal. */
  tty?: boolean;
  commands?: Command[];
}

export class Captured implements Stream {
  text = "";
  constructor(readonly isTTY: boolean) {}
  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

export async function esign(args: string[], opts: RunOptions = {}): Promise<Run> {
  const stdout = new Captured(opts.tty ?? false);
  const stderr = new Captured(opts.tty ?? false);
  const code = await main(args, { stdout, stderr, env: opts.env ?? {} }, opts.commands ?? COMMANDS);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** stderr without the progress lines (`esign export: reading ...…`, `esign export: read the account (...)`). */
export const withoutProgress = (stderr: string) =>
  stderr
    .split("\n")
    .filter((l) => !/…$/.test(l) && !/ \(\d+ (requests|engine events), [\d.]+s\)$/.test(l))
    .join("\n")
    .trim();
