/**
 * Settings are validated: a bad value fails check (so `pulumi preview`) in one line naming the
 * setting, before any request, and the client refuses numbers that would stall it.
 */
import * as assert from "assert";
import { EsignClient } from "../../../provider/client";
import { ProviderHarness } from "../support/harness";

describe("provider (in process): settings are validated at check", () => {
  let h: ProviderHarness;
  before(async () => (h = await ProviderHarness.start()));
  after(async () => h?.close());
  afterEach(() => {
    h.configure({ "esign:apiKey": h.svc.apiKey, "esign:baseUrl": h.svc.baseUrl });
    h.nextRun();
  });

  const cases: [string, string, RegExp][] = [
    ["esign:maxConcurrency", "four", /invalid provider settings: esign:maxConcurrency: must be a whole number of at least 1, got "four"/],
    ["esign:requestsPerMinute", "1.5", /esign:requestsPerMinute: must be a whole number of at least 1, got "1.5"/],
    ["esign:templateTimeoutSeconds", "soon", /esign:templateTimeoutSeconds: must be a number greater than 0, got "soon"/],
    ["esign:baseUrl", `${"http://127.0.0.1:1"}`, /esign:baseUrl: must be the API's http\(s\) URL ending in \/v3/],
    ["esign:allowedAccountIds", "[1, 2]", /esign:allowedAccountIds: must be a list of account ids/],
  ];
  for (const [key, value, expected] of cases) {
    it(`${key}=${value} fails check naming the setting, with no request`, async () => {
      h.set({ [key]: value });
      const { calls } = await h.counting(() => assert.rejects(h.resource("Team").check({ name: "Ops" }), expected));
      assert.deepStrictEqual(calls, []);
    });
  }

  it("names the environment variable a bad value came from", async () => {
    process.env.ESIGN_MAX_CONCURRENCY = "0";
    try {
      await assert.rejects(h.resource("Team").check({ name: "Ops" }), /ESIGN_MAX_CONCURRENCY \(esign:maxConcurrency\): must be a whole number of at least 1, got "0"/);
    } finally {
      delete process.env.ESIGN_MAX_CONCURRENCY;
    }
  });

  it("the client refuses a NaN concurrency or rate instead of hanging", () => {
    assert.throws(() => new EsignClient({ apiKey: "k", maxConcurrency: NaN }), /maxConcurrency must be a whole number of at least 1, got NaN/);
    assert.throws(() => new EsignClient({ apiKey: "k", requestsPerMinute: Number("four") }), /requestsPerMinute must be a number of at least 0, got NaN/);
  });
});
