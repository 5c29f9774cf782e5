/**
 * Linux /proc figures for the bench: a process's parent, name and CPU time so far.
 */
import * as fs from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export interface ProcStat {
  ppid: number;
  comm: string;
  /** user + system CPU seconds so far. */
  cpuSeconds: number;
}

/** /proc/PID/stat, parsed; undefined when the process is gone or there is no /proc. */
export function procStat(pid: number | undefined): ProcStat | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")"); // the name may itself hold ")" and spaces
    const f = stat.slice(close + 2).split(" "); // fields from the 3rd (state) on
    return { ppid: Number(f[1]), comm: stat.slice(stat.indexOf("(") + 1, close), cpuSeconds: (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}
