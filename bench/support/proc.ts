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

/**
 * CPU seconds of all a process's threads so far, to the nanosecond (the sum of
 * /proc/PID/task/TID/schedstat): /proc/PID/stat counts in 10 ms ticks, too coarse for a start
 * of a few tens of milliseconds. Falls back to procStat.
 */
export function cpuSecondsPrecise(pid: number | undefined): number | undefined {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1e9;
  } catch {
    return procStat(pid)?.cpuSeconds;
  }
}
