/**
 * D27: the client (axios and its dependencies) loads on the first request, not on the path of
 * an unchanged preview: a program's `import * as esign`, the runtime, and configure, check and
 * diff of every resource type. Measured in a fresh Node.js process, since this one has loaded
 * the client already; the last step (making the client) shows the probe sees axios load.
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import { repoRoot } from "../engine/support/engine";

const probe = `
const loaded = () => Object.keys(require.cache).some((k) => /[\\\\/]node_modules[\\\\/]axios[\\\\/]/.test(k));
const steps = {};
require("./provider/index.ts");
steps.index = loaded();
const { DynamicHost } = require("./provider/runtime.ts");
const { Deployment } = require("./provider/deployment/context.ts");
const { registry } = require("./provider/resources/registry.ts");
steps.runtime = loaded();
(async () => {
  const host = new DynamicHost();
  for (const type of Object.keys(registry)) {
    const p = host.resourceProvider(type);
    await p.configure({ config: { get: (k) => ({ "esign:apiKey": "key", "esign:baseUrl": "http://127.0.0.1:9/v3" })[k] } });
    const olds = { name: "n", emailAddress: "a@example.com", templateId: "t", number: "+15550100", title: "t" };
    const checked = await p.check(olds, olds);
    await p.diff("id", olds, checked.inputs);
  }
  steps.checkAndDiff = loaded();
  new Deployment("dynamic", { get: (k) => ({ "esign:apiKey": "key", "esign:baseUrl": "http://127.0.0.1:9/v3" })[k] }).context();
  steps.firstRequest = loaded();
  console.log(JSON.stringify(steps));
})().catch((e) => { console.error(e); process.exit(1); });
`;

describe("provider: the client loads on the first request (D27)", () => {
  it("an unchanged preview's code path never loads axios", function () {
    this.timeout(60_000);
    const out = execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", probe], { cwd: repoRoot, encoding: "utf8" });
    assert.deepStrictEqual(JSON.parse(out.trim().split("\n").pop()!), {
      index: false,
      runtime: false,
      checkAndDiff: false,
      firstRequest: true,
    });
  });
});
