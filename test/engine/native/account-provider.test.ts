/**
 * The Account component of the generated Node.js SDK with an explicit provider, through the
 * real CLI. The documented form, `{ provider: p }`, is quiet and its children act for p's
 * account. `{ providers: [p] }`, the form Pulumi teaches for components, makes @pulumi/pulumi
 * itself (runtime/resource.js, before anything reaches our plugin) warn "There is a conflict
 * between the 'provider' field (esign) and a member of the 'providers' map" on every run: the
 * SDK promotes the matching member of `providers` into `provider` for a remote component and
 * then finds it in both. This suite fails if the documented form ever warns, and tells us to
 * revisit the docs if the SDK stops warning for the other form.
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as path from "path";
import { promisify } from "util";
import * as pulumi from "@pulumi/pulumi";
import { newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";
import { generatedSdk } from "../support/generated-sdk";
import { pluginEnv } from "../support/native-support";

const FILE = "apiApps:\n  - key: eu\n    name: From the file\n    domains: [file.example.com]\n";
const CONFLICT = /conflict between the 'provider' field/;
const AMBIENT = /^using pulumi-resource-esign from \$PATH/;

describe("engine: the Account component with an explicit provider", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let eu: { account_id: string; api_key: string };

  before(async () => {
    const esign = generatedSdk();
    svc = await localService();
    eu = await svc.control("POST", "/accounts", { email_address: "eu@example.com" });
    t = await newStack(
      "native-account-provider",
      () => {
        const p = new esign.Provider("eu", { apiKey: pulumi.secret(eu.api_key), baseUrl: svc.baseUrl, requestsPerMinute: 60000 });
        const account = new esign.Account("acct", { text: FILE }, { provider: p });
        return { apps: account.apiApps };
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  /** The run's text and its engine diagnostics of severity warning (or worse). */
  async function run(step: "up" | "preview"): Promise<{ text: string; warnings: string[]; outputs?: Record<string, any> }> {
    let text = "";
    const warnings: string[] = [];
    const onEvent = (e: any) => {
      const d = e.diagnosticEvent;
      // The engine's notice that the plugin came from PATH (how every native suite runs it) is not the program's.
      if (d && !["info", "debug"].includes(d.severity) && !AMBIENT.test(d.message)) warnings.push(d.message);
    };
    const onOutput = (s: string) => (text += s);
    if (step === "up") {
      const up = await t.stack.up({ onOutput, onEvent });
      return { text, warnings, outputs: up.outputs };
    }
    await t.stack.preview({ onOutput, onEvent, expectNoChanges: true });
    return { text, warnings };
  }

  it("`{ provider: p }` is quiet at up and preview, and the children act for p's account", async () => {
    const up = await run("up");
    assert.deepStrictEqual(up.warnings, [], up.text);
    assert.doesNotMatch(up.text, CONFLICT);
    const app = (await api(svc, eu.api_key).get(`/api_app/${up.outputs!.apps.value.eu}`)).data.api_app;
    assert.strictEqual(app.owner_account.account_id, eu.account_id, "the file's app belongs to the provider's account");
    const preview = await run("preview");
    assert.deepStrictEqual(preview.warnings, [], preview.text);
    assert.doesNotMatch(preview.text, CONFLICT);
  });

  it("`{ providers: [p] }` is the SDK's own warning (the reason the docs say `provider`)", async () => {
    // In a process of its own: the SDK's log chain is module state a previous suite in this worker can have broken.
    const script = path.join(__dirname, "providers-form-preview.ts");
    // Asynchronously: the service the preview reads runs in this process.
    const { stdout: out } = await promisify(execFile)(process.execPath, ["-r", require.resolve("ts-node/register/transpile-only"), script], {
      env: { ...process.env, ESIGN_TEST_BASE_URL: svc.baseUrl, ESIGN_TEST_API_KEY: eu.api_key },
      encoding: "utf8",
      timeout: 600_000,
      maxBuffer: 64 << 20,
    });
    const warnings: string[] = JSON.parse(out.trim().split("\n").pop()!);
    assert.match(warnings.join("\n"), CONFLICT, "@pulumi/pulumi no longer warns for `providers: [p]` on a remote component: docs/native-provider.md (The Account component) can teach that form again");
  });
});
