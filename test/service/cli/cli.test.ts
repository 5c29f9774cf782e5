/**
 * The service CLI: `node scripts/run-ts.js service/main.ts --port 0 --api-key K ...` prints
 * the base URL and the key, and its flags set the start account's plan, quotas and the rate limit.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { parseArgs } from "../../../service/cli-args";
import { resolveOptions, type ServiceOptions } from "../../../service/options";
import { Api, expectEnvelope, expectStatus } from "../support/api";
import { spawnService } from "../support/spawn";

const ROOT = path.resolve(__dirname, "../../..");

describe("service: CLI", function () {
  this.timeout(120_000);

  it("parses flags into options and rejects unknown ones", () => {
    const given: ServiceOptions = { port: 0, apiKey: "k", plan: "premium", quotas: { templates_left: 4 }, eid: true, rateLimit: 3, data: "x.jsonl", host: "0.0.0.0" };
    const parsed = parseArgs(["--port", "0", "--api-key=k", "--plan", "premium", "--templates-left", "4", "--eid", "--rate-limit", "3", "--data", "x.jsonl", "--host", "0.0.0.0"]);
    assert.deepEqual(parsed, resolveOptions(given), "the flags given, the options' defaults for the rest");
    assert.deepEqual(parseArgs([]), resolveOptions({ port: 8787 }), "the command line's own port; every other option its default");
    assert.throws(() => parseArgs(["--plan", "gold"]), /--plan must be one of free, essentials, standard, premium, enterprise, got "gold"/);
    assert.throws(() => parseArgs(["--port=-1"]), /--port needs a non-negative integer/);
    assert.throws(() => parseArgs(["--bogus"]), /unknown option --bogus/);
    assert.equal(parseArgs(["--no-fax"]).fax, false);
    assert.equal(parseArgs(["--rate-limit-model", "window"]).rateLimitModel, "window");
  });

  it("is on esign's command kit: a usage error exits 64 naming the flag, --help lists the options' flags and exit codes", () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "scripts/run-ts.js"), "service/main.ts", ...args], { cwd: ROOT, encoding: "utf8" });
    const bad = run("--rate-limit-model", "leaky");
    assert.equal(bad.status, 64);
    assert.match(bad.stderr, /^esign-service: --rate-limit-model must be one of bucket, window, got "leaky"\nusage: esign-service/);
    const typo = run("--prot", "1");
    assert.equal(typo.status, 64);
    assert.match(typo.stderr, /unknown option --prot \(did you mean --port\?\)/);
    const help = run("--help");
    assert.equal(help.status, 0);
    for (const line of [/--port N .*\(default 8787\)/, /--no-fax /, /--templates-left N/, /--response-dialect current\|recorded-2021\|sdk-2025/, /64 +usage error/]) assert.match(help.stdout, line);
    assert.doesNotMatch(help.stdout, /--max-body-bytes|--compact-every/, "options without a flag stay programmatic");
  });

  it("prints the base URL and the key; flags shape the start account and the rate limit", async () => {
    const s = await spawnService(["--port", "0", "--api-key", "clikey", "--plan", "premium", "--templates-left", "4", "--rate-limit", "3"]);
    try {
      assert.match(s.output(), /listening on http:\/\/127\.0\.0\.1:\d+\/v3/);
      assert.match(s.output(), /api key: clikey/);
      const api = new Api({ url: s.url, baseUrl: `${s.url}/v3`, apiKey: "clikey" } as never);
      const me = await api.get("/account");
      expectStatus(me, 200);
      assert.equal(me.body.account.quotas.templates_left, 4);
      await api.get("/account");
      await api.get("/account");
      const limited = await api.get("/account");
      // A minute boundary can reset the window once; then the 4th call of the new window is limited.
      if (limited.status === 200) for (let i = 0; i < 3; i++) await api.get("/account");
      expectEnvelope(limited.status === 429 ? limited : await api.get("/account"), 429, "exceeded_rate");
    } finally {
      s.child.kill("SIGTERM");
    }
  });
});
