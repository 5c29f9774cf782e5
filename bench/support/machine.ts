/** The machine a bench ran on, for the results file. */
import { execFileSync } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import { pulumiBinDir } from "../../test/engine/support/engine";

export interface Machine {
  dateUtc: string;
  cpus: string;
  memory: string;
  node: string;
  pulumi: string;
  os: string;
  /** 1-minute load average when the run started: above the core count, other work shared the machine. */
  loadAtStart: number;
}

export function describeMachine(): Machine {
  const pulumi = execFileSync(path.join(pulumiBinDir(), "pulumi"), ["version"], { encoding: "utf8" }).trim();
  return {
    dateUtc: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "unknown CPU"}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    pulumi,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAtStart: os.loadavg()[0],
  };
}
