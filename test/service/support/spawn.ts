/**
 * Test helper: runs the service CLI (service/main.ts via scripts/run-ts.js) as a child
 * process and resolves once it printed its base URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";

export interface SpawnedService {
  child: ChildProcess;
  url: string;
  output: () => string;
}

export function spawnService(args: string[]): Promise<SpawnedService> {
  const root = path.resolve(__dirname, "../../..");
  const child = spawn(process.execPath, [path.join(root, "scripts/run-ts.js"), "service/main.ts", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${out}`)), 60_000);
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/[^\s]+)\/v3/.exec(out);
      // "control plane:" is the last line of the banner.
      if (m && out.includes("control plane:")) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output: () => out });
      }
    });
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}): ${out}`));
    });
  });
}
