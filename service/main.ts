#!/usr/bin/env node
/**
 * @module service/main
 * CLI of the local service:
 *   npm run service -- --port 8787 --api-key devkey [--host 127.0.0.1] [--plan standard]
 *     [--email dev@example.com] [--templates-left N] [--documents-left N]
 *     [--api-signature-requests-left N] [--sms-verifications-left N] [--eid]
 *     [--rate-limit N] [--data state.journal] [--template-processing-ms 200] [--verbose]
 * Prints the base URL and the dev key, then serves until SIGINT/SIGTERM.
 * A start that cannot be made (the data file held by another service, a damaged journal)
 * exits 1 with one line naming the reason.
 */
import { networkInterfaces } from "node:os";
import { startService, type RunningService } from "./index";
import { parseArgs } from "./cli-args";
import { keepYoungGenerationSmall } from "./heap";
import type { ServiceOptions } from "./options";

async function main(): Promise<void> {
  let options: ServiceOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  keepYoungGenerationSmall();
  // Handlers first: a signal between the banner and a later process.on would take Node's
  // default action and leave the data file's lock behind (seen in CI under load).
  let svc: RunningService | undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (!svc) return; // still starting: the start below sees `stopping` and closes at once
    svc.close().then(
      () => process.exit(0),
      (e) => {
        console.error(`esign local service did not stop cleanly: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    svc = await startService(options);
  } catch (e) {
    console.error(`esign local service did not start: ${(e as Error).message}`);
    process.exit(1);
  }
  if (stopping) {
    stopping = false;
    return stop();
  }
  for (const line of banner(svc)) console.log(line);
  console.log(`api key: ${svc.apiKey}  (account ${svc.accountId}, plan ${svc.app.startAccount.plan})`);
  if (options.data) console.log(`data file: ${options.data}`);
  if (svc.app.startNote) console.log(`note: ${svc.app.startNote}`);
  console.log(`control plane: ${svc.url}/_local/`);
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
void main();
