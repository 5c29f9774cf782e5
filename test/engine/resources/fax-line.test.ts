/**
 * FaxLine and FaxLineUser through the real engine: purchase, users, no-change preview with
 * zero requests, user drift found by refresh, replace on an area code change, bad input at
 * preview, adoption of an existing line, destroy.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

describe("engine: FaxLine and FaxLineUser", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let withLine = false;
  let areaCode = 415;
  let country = "US";

  before(async () => {
    svc = await localService();
    t = await newStack(
      "fax-line",
      () => {
        const team = new esign.Team("team", { name: "Front desk" });
        const bob = new esign.TeamMember("bob", { teamId: team.teamId, emailAddress: "bob@example.com" }, { dependsOn: [team] });
        if (!withLine) return {};
        const line = new esign.FaxLine("main", { areaCode, country, city: "San Francisco" });
        new esign.FaxLineUser("main:bob", { number: line.number, emailAddress: "bob@example.com" }, { dependsOn: [bob] });
        return { number: line.number };
      },
      { config: svc.stackConfig() },
    );
    await t.stack.up();
    await svc.control("POST", "/invites/accept", { email_address: "bob@example.com" });
    withLine = true;
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("buys the line and adds the user, then previews no change without requests", async () => {
    let seq = await svc.lastSeq();
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.create, 2);
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 2 });
    const number = up.outputs.number.value;
    assert.match(number, /^\+1415\d{7}$/);
    const line = (await api(svc).get("/fax_line", { params: { number } })).data.fax_line;
    assert.ok(line.accounts.some((a: any) => a.email_address === "bob@example.com"));
    seq = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
  });

  it("finds a user removed outside Pulumi and adds them again", async () => {
    const number = (await t.stack.outputs()).number.value;
    const user = await t.resource("main:bob");
    await svc.control("DELETE", `/fax_lines/${encodeURIComponent(number)}/users/${user.accountId}`);
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.resourceChanges?.delete, 1);
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 1 });
    await t.stack.preview({ expectNoChanges: true });
  });

  it("replaces the line when the area code changes", async () => {
    const oldNumber = (await t.stack.outputs()).number.value;
    areaCode = 212;
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.replace, 2, "the line and, with its number, its user");
    const up = await t.stack.up();
    assert.match(up.outputs.number.value, /^\+1212\d{7}$/);
    assert.strictEqual((await api(svc).get("/fax_line", { params: { number: oldNumber } })).status, 404, "the old line is released");
  });

  it("rejects an unknown country at preview, naming it, with zero requests", async () => {
    country = "FR";
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => /country/.test(e.message));
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    country = "US";
  });

  it("destroy releases the line", async () => {
    const number = (await t.stack.outputs()).number.value;
    await t.stack.destroy();
    assert.strictEqual((await api(svc).get("/fax_line", { params: { number } })).status, 404);
  });
});

describe("engine: FaxLine adoption", function () {
  this.timeout(300_000);
  let svc: LocalService;
  let t: TestStack;
  before(async () => {
    svc = await localService();
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("takes over an existing line by number without buying one", async () => {
    const made = await api(svc).post("/fax_line/create", { area_code: 646, country: "US" });
    const number = made.data.fax_line.number;
    t = await newStack("fax-adopt", () => ({ number: new esign.FaxLine("line", { number }).number }), { config: svc.stackConfig() });
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    assert.strictEqual(up.outputs.number.value, number);
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
      [],
    );
    await t.stack.preview({ expectNoChanges: true });
  });
});
