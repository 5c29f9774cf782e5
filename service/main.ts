#!/usr/bin/env node
/**
 * @module service/main
 * `esign-service` (`npm run service -- --port 8787 --api-key devkey ...`): the local service on
 * the command kit of `esign` (cli-args.ts; `esign-service --help` lists the flags). Prints the
 * base URL and the dev key, then serves until SIGINT/SIGTERM. A start that cannot be made (the
 * data file held by another service, a damaged journal) exits 1 with one line naming the
 * reason; a usage error exits 64.
 */
import { networkInterfaces } from "node:os";
import { processIo } from "../provider/cli/colour";
import { EXIT } from "../provider/cli/exit-codes";
import { runAsProcess, runCommand } from "../provider/cli/run-command";
import { startService, type RunningService } from "./index";
import { serviceCommandWith } from "./cli-args";
import { keepYoungGenerationSmall } from "./heap";
import type { ServiceOptions } from "./options";

/** Serves until a signal; resolves to the exit code once the service closed. */
async function serve(options: ServiceOptions): Promise<number> {
  keepYoungGenerationSmall();
  let exited: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (exited = resolve));
  // Handlers first: a signal between the banner and a later process.on would take Node's
  // default action and leave the data file's lock behind (seen in CI under load).
  let svc: RunningService | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (!svc) return; // still starting: the start below sees `stopping` and closes at once
    svc.close().then(
      () => exited(EXIT.OK),
      (e) => {
        console.error(`esign local service did not stop cleanly: ${(e as Error).message}`);
        exited(EXIT.FAILURE);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    svc = await startService(options);
  } catch (e) {
    console.error(`esign local service did not start: ${(e as Error).message}`);
    return EXIT.FAILURE;
  }
  if (stopping) {
    stopping = false;
    stop();
    return done;
  }
  for (const line of banner(svc)) console.log(line);
  console.log(`api key: ${svc.apiKey}  (account ${svc.accountId}, plan ${svc.app.startAccount.plan})`);
  if (options.data) console.log(`data file: ${options.data}`);
  if (svc.app.startNote) console.log(`note: ${svc.app.startNote}`);
  console.log(`control plane: ${svc.url}/_local/`);
  return done;
}

/** The address actually bound; on every interface also how to reach it (loopback first, for scripts). */
function banner(svc: RunningService): string[] {
  if (svc.listenUrl === svc.url) return [`esign local service listening on ${svc.baseUrl}`];
  const port = svc.port;
  const others = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === "IPv4")
    .map((a) => `http://${a!.address}:${port}/v3`);
  return [`esign local service listening on ${svc.listenUrl}/v3 (every interface)`, `  from this machine: ${svc.baseUrl}`, ...(others.length ? [`  from the network: ${others.join(", ")}`] : [])];
}

// Runs on load: this module is only ever an entry point (scripts/run-ts.js requires it).
runAsProcess("esign-service", () => runCommand(serviceCommandWith(serve), process.argv.slice(2), processIo()));
