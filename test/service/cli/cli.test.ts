/**
 * The service CLI: `node scripts/run-ts.js service/main.ts --port 0 --api-key K ...` prints
 * the base URL and the key, and its flags set the start account's plan, quotas and the rate limit.
 */
import assert from "node:assert/strict";
import { parseArgs } from "../../../service/cli-args";
import { Api, expectEnvelope, expectStatus } from "../support/api";
import { spawnService } from "../support/spawn";

describe("service: CLI", function () {
  this.timeout(120_000);

  it("parses flags into options and rejects unknown ones", () => {
    assert.deepEqual(parseArgs(["--port", "0", "--api-key=k", "--plan", "premium", "--templates-left", "4", "--eid", "--rate-limit", "3", "--data", "x.jsonl", "--host", "0.0.0.0"]), {
      port: 0,
      apiKey: "k",
      plan: "premium",
      quotas: { templates_left: 4 },
      eid: true,
      rateLimit: 3,
      data: "x.jsonl",
      host: "0.0.0.0",
    });
    assert.equal(parseArgs([]).port, 8787);
    assert.throws(() => parseArgs(["--plan", "gold"]), /unknown plan/);
    assert.throws(() => parseArgs(["--port", "-1"]), /non-negative integer/);
    assert.throws(() => parseArgs(["--bogus"]), /unknown flag/);
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
