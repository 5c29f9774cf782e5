/**
 * A ratio fault rule with a seed hits the same requests on every run (a repeatable "drop 10% of
 * the answers" for tests at scale); the seed is refused on a rule without a ratio.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";
import { Faults, seeded } from "../../../service/http/faults";

describe("service: seeded fault rules", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  /** Which of 40 GET /account the rule hits (0/1 each), for a rule `{ratio, seed}`. */
  async function pattern(rule: Record<string, unknown>): Promise<string> {
    expectStatus(await api.ctl("DELETE", "/faults"), 200);
    expectStatus(await api.ctl("POST", "/faults", { method: "GET", path: "/account", status: 503, ...rule }), 201);
    let hits = "";
    for (let i = 0; i < 40; i++) hits += (await api.get("/account")).status === 503 ? "1" : "0";
    return hits;
  }

  it("the same seed hits the same requests; another seed others; about the ratio of them", async () => {
    const first = await pattern({ ratio: 0.25, seed: 7 });
    assert.equal(await pattern({ ratio: 0.25, seed: 7 }), first);
    assert.notEqual(await pattern({ ratio: 0.25, seed: 8 }), first);
    const count = [...first].filter((c) => c === "1").length;
    assert.ok(count >= 4 && count <= 18, `${count} of 40 at 25%`);
  });

  it("the generator ignores Math.random and is uniform enough", () => {
    const faults = new Faults();
    faults.add({ path: "/account", status: 503, ratio: 0.1, seed: 42 });
    const never = () => 0; // an unseeded rule would always fire with this
    let fired = 0;
    for (let i = 0; i < 1000; i++) if (faults.take("GET", "/account", never)) fired++;
    assert.ok(fired > 60 && fired < 140, `${fired} of 1000 at 10%`);
    const draws = Array.from({ length: 1000 }, seeded(1));
    assert.ok(draws.every((d) => d >= 0 && d < 1));
  });

  it("a seed without a ratio is refused, naming the field", async () => {
    const r = await api.ctl("POST", "/faults", { path: "/account", status: 503, seed: 1 });
    expectEnvelope(r, 400);
    assert.match(r.text, /seed.*applies to a ratio rule only/);
  });
});
