/**
 * FaxLine and FaxLineUser through the real engine, against the local service or a real account
 * (target.ts): purchase, a no-change preview with zero requests, replace on an area code
 * change (the old number released), bad input at preview, destroy. The line's user needs an
 * accepted team member, which only the local service can make during a run (its control plane
 * accepts the invitation), so the user's steps are local only.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { withoutRequests, type ScenarioSession, type ScenarioTarget } from "./target";

export function faxLineScenario(target: ScenarioTarget): void {
  describe(`${target.label}: FaxLine and FaxLineUser`, function () {
    this.timeout(600_000);
    let s: ScenarioSession;
    let t: TestStack;
    let withLine = false;
    let areaCode = 415;
    let country = "US";
    let bob: string;
    const create = target.local ? 2 : 1;

    before(async () => {
      s = await target.open();
      bob = s.email("bob");
      t = await newStack(
        "fax-line",
        () => {
          const team = target.local ? new esign.Team("team", { name: s.name("Front desk") }) : undefined;
          const member = team && new esign.TeamMember("bob", { teamId: team.teamId, emailAddress: bob }, { dependsOn: [team] });
          if (!withLine) return {};
          const line = new esign.FaxLine("main", { areaCode, country, city: "San Francisco" });
          if (member) new esign.FaxLineUser("main:bob", { number: line.number, emailAddress: bob }, { dependsOn: [member] });
          return { number: line.number };
        },
        { config: s.stackConfig() },
      );
      // The stack exists before the steps (its own resource is not counted in their changes).
      await t.stack.up();
      if (target.local) {
        await s.local!.control("POST", "/invites/accept", { email_address: bob });
      }
      withLine = true;
    });
    after(async () => {
      await t?.dispose();
      await s?.close();
    });

    it("buys the line (and adds the user), then previews no change without requests", async () => {
      const preview = await withoutRequests(s, () => t.stack.preview());
      assert.strictEqual(preview.changeSummary.create, create);
      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { create });
      const number = up.outputs.number.value;
      assert.match(number, /^\+1415\d{7}$/);
      const line = (await s.api.get("/fax_line", { params: { number } })).data.fax_line;
      if (target.local) assert.ok(line.accounts.some((a: any) => a.email_address === bob));
      await withoutRequests(s, () => t.stack.preview({ expectNoChanges: true }));
    });

    if (target.local) {
      it("finds a user removed through the API and adds them again", async () => {
        const number = (await t.stack.outputs()).number.value;
        assert.strictEqual((await s.api.put("/fax_line/remove_user", { number, email_address: bob })).status, 200);
        const refresh = await t.stack.refresh();
        assert.strictEqual(refresh.summary.resourceChanges?.delete, 1);
        const up = await t.stack.up();
        assert.deepStrictEqual(changes(up.summary), { create: 1 });
        await t.stack.preview({ expectNoChanges: true });
      });
    }

    it("replaces the line when the area code changes", async () => {
      const oldNumber = (await t.stack.outputs()).number.value;
      areaCode = 212;
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.replace, create, "the line and, with its number, its user");
      const up = await t.stack.up();
      assert.match(up.outputs.number.value, /^\+1212\d{7}$/);
      assert.strictEqual((await s.api.get("/fax_line", { params: { number: oldNumber } })).status, 404, "the old line is released");
    });

    it("rejects an unknown country at preview, naming it, with zero requests", async () => {
      country = "FR";
      await withoutRequests(s, () => assert.rejects(t.stack.preview(), (e: Error) => /country/.test(e.message)));
      country = "US";
    });

    it("destroy releases the line", async () => {
      const number = (await t.stack.outputs()).number.value;
      await t.stack.destroy();
      assert.strictEqual((await s.api.get("/fax_line", { params: { number } })).status, 404);
    });
  });
}
