/**
 * A process's /proc/PID/stat (Linux), after its command name: the name is in parentheses and
 * may hold spaces, so the fields are read after the last `)`. Field 0 is the state (`Z`: a
 * zombie), field 1 the parent's pid. Undefined where there is no /proc or no such process.
 */
import * as fs from "fs";

export function procStatFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}
