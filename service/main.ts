#!/usr/bin/env node
/**
 * @module service/main
 * CLI of the local service:
 *   npm run service -- --port 8787 --api-key devkey [--host 127.0.0.1] [--plan standard]
 *     [--email dev@example.com] [--templates-left N] [--documents-left N]
 *     [--api-signature-requests-left N] [--sms-verifications-left N] [--eid]
 *     [--rate-limit N] [--data state.jsonl] [--template-processing-ms 200] [--verbose]
 * Prints the base URL and the dev key, then serves until SIGINT/SIGTERM.
 */
import { startService } from "./index";
import { parseArgs } from "./cli-args";
import type { ServiceOptions } from "./options";

async function main(): Promise<void> {
  let options: ServiceOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const svc = await startService(options);
  console.log(`esign local service listening on ${svc.baseUrl}`);
  console.log(`api key: ${svc.apiKey}  (account ${svc.accountId}, plan ${svc.app.startAccount.plan})`);
  console.log(`control plane: ${svc.url}/_local/`);
  if (options.data) console.log(`data file: ${options.data}`);
  const stop = () => void svc.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

// Runs on load: this module is only ever an entry point (scripts/run-ts.js requires it).
void main();
