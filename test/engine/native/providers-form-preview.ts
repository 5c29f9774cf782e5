/**
 * One `preview` of the Account component given `{ providers: [p] }`, run as a script in a
 * process of its own (`node -r ts-node/register/transpile-only providers-form-preview.ts`, the
 * service's base URL and an account's key in ESIGN_TEST_BASE_URL / ESIGN_TEST_API_KEY). It
 * prints, as its last line, the JSON list of the run's warnings.
 *
 * Why a process of its own: @pulumi/pulumi sends a program's log messages through one chain
 * kept in module state (log/index.js `lastLog`). Once any inline run in a process logs to an
 * engine that is gone ("Channel has been shut down"), that chain stays rejected and every later
 * log of the process is dropped ("failed to deliver log message"). Mocha's workers run many
 * engine suites in one process, so the SDK's warning asked about here could vanish in CI.
 */
import * as pulumi from "@pulumi/pulumi";
import { newStack } from "../support/engine";
import { generatedSdk } from "../support/generated-sdk";
import { pluginEnv } from "../support/native-support";

const FILE = "apiApps:\n  - key: eu\n    name: From the file\n    domains: [file.example.com]\n";
const AMBIENT = /^using pulumi-resource-esign from \$PATH/;

async function main(baseUrl: string, apiKey: string): Promise<string[]> {
  const esign = generatedSdk();
  const t = await newStack(
    "native-account-providers",
    () => {
      const p = new esign.Provider("eu", { apiKey: pulumi.secret(apiKey), baseUrl, requestsPerMinute: 60000 });
      new esign.Account("acct", { text: FILE }, { providers: [p] });
    },
    { config: { "esign:baseUrl": { value: baseUrl } }, env: pluginEnv() },
  );
  const warnings: string[] = [];
  try {
    await t.stack.preview({
      onEvent: (e: any) => {
        const d = e.diagnosticEvent;
        if (d && !["info", "debug"].includes(d.severity) && !AMBIENT.test(d.message)) warnings.push(d.message);
      },
    });
  } finally {
    // A preview made nothing on the service or in state worth destroying.
    await t.dispose({ skipDestroy: true });
  }
  return warnings;
}

if (require.main === module) {
  main(process.env.ESIGN_TEST_BASE_URL!, process.env.ESIGN_TEST_API_KEY!).then(
    (warnings) => {
      process.stdout.write(`\n${JSON.stringify(warnings)}\n`);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
