/**
 * The acceptance sweeper (inventory.ts) deletes only what is wholly a run's own (D86, D140): a fax
 * line is a run's when every user on it is a run's invitee, not when any one is; with a run's
 * prefix, every user must be that run's. Against the in-process local service, no CLI.
 */
import * as assert from "assert";
import { acceptanceConfig } from "./config";
import { inventory, sweep } from "./inventory";
import { api, localService, type LocalService } from "../support/local";

describe("acceptance sweeper: a fax line only when wholly a run's", () => {
  let svc: LocalService;
  before(async () => {
    svc = await localService();
  });
  after(async () => svc?.close());

  it("keeps a line shared with a foreign user; removes a line whose users are all a run's", async () => {
    const config = acceptanceConfig({ ESIGN_ACCEPTANCE_BASE_URL: svc.baseUrl, ESIGN_ACCEPTANCE_API_KEY: svc.apiKey, ESIGN_ACCEPTANCE_EMAIL: "ops+{tag}@example.com", ESIGN_ACCEPTANCE_RUN_ID: "r2" });
    const ours = ["ops+esign-acc-r1-bob@example.com", "ops+esign-acc-r2-eve@example.com"];
    await api(svc).post("/team/create", { name: "Ops" });
    for (const email of [...ours, "carol@example.com"]) {
      await api(svc).put("/team/add_member", { email_address: email });
      await svc.control("POST", "/invites/accept", { email_address: email });
    }
    const line = async (areaCode: number, users: string[]) => {
      const number = (await api(svc).post("/fax_line/create", { area_code: areaCode, country: "US" })).data.fax_line.number as string;
      for (const email of users) assert.strictEqual((await api(svc).put("/fax_line/add_user", { number, email_address: email })).status, 200);
      return number;
    };
    const shared = await line(415, [ours[0], "carol@example.com"]);
    const mixedRuns = await line(212, ours);
    const runTwo = await line(305, [ours[1]]);
    const lines = new Map((await inventory(config)).filter((o) => o.kind === "fax_line").map((o) => [o.id, o.ours]));
    assert.deepStrictEqual([lines.get(shared), lines.get(mixedRuns), lines.get(runTwo)], [false, true, true]);

    // The end of run r2 cleans up its own: the line it shares with run r1's user stays.
    const result = await sweep(config, config.runPrefix);
    assert.deepStrictEqual(
      result.removed.filter((o) => o.kind === "fax_line").map((o) => o.id),
      [runTwo],
    );
    for (const [number, status] of [
      [shared, 200],
      [mixedRuns, 200],
      [runTwo, 404],
    ] as const) {
      assert.strictEqual((await api(svc).get("/fax_line", { params: { number } })).status, status, number);
    }
  });
});
