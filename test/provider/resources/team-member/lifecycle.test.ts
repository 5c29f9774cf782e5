/**
 * TeamMember's provider in process (fast tier): check, every rules-table entry of diff
 * (e-mails compared without case), create / read / update / delete with the requests each
 * makes, invitations, reads in bulk (D26: one read for a whole team, two while someone is
 * invited), claims. A change of teamId is left to identity.test.ts beside this file (it is changing).
 */
import * as assert from "assert";
import { ProviderHarness, type Created } from "../../support/harness";
import { teamIdRead } from "../../support/service-forms";
import { assertCheckCases, assertRuleTable, UNKNOWN } from "../../support/rules-table";
import { writes } from "../../support/calls";

describe("fast tier: TeamMember", () => {
  let h: ProviderHarness;
  let teamId: string;
  const member = (inputs: Record<string, unknown>) => h.resource("TeamMember").create({ teamId, ...inputs });
  const accept = (email: string) => h.control("POST", "/invites/accept", { email_address: email });
  before(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    teamId = (await h.resource("Team").create({ name: "Ops" })).id;
  });
  after(async () => h?.close());

  it("check names the property and the rule, without a request", async () => {
    await assertCheckCases(h, "TeamMember", { emailAddress: "a@example.com", role: "Admin" }, [
      { title: "nobody", inputs: {}, property: "emailAddress", reason: /one of emailAddress or accountId is required/ },
      { title: "no e-mail address", inputs: { emailAddress: "not-an-email" }, property: "emailAddress", reason: /e-mail address/ },
      { title: "an unknown role", inputs: { emailAddress: "a@example.com", role: "Boss" }, property: "role", reason: /must be one of Member, Developer, Team Manager, Admin/ },
    ]);
  });

  describe("with an invited member", () => {
    let bob: Created;
    const inputs = { teamId: "", emailAddress: "Bob@Example.com" };
    before(async () => {
      h.nextRun();
      inputs.teamId = teamId;
      const { result, calls } = await h.counting(() => h.resource("TeamMember").create(inputs));
      bob = result;
      assert.deepStrictEqual(writes(calls), ["PUT /v3/team/add_member"]);
    });

    it("create invites: status invited, the address normalized, the default role", () => {
      assert.deepStrictEqual([bob.outs.status, bob.outs.emailAddress, bob.outs.role], ["invited", "bob@example.com", "Member"]);
    });

    it("diff: every rules-table entry replaces or updates as declared; an e-mail's case is no change", async () => {
      await assertRuleTable(h, "TeamMember", bob, inputs, {
        changes: {
          emailAddress: { set: { emailAddress: "carol@example.com" }, expect: "replace" },
          accountId: { set: { accountId: "another-account" }, expect: "replace" },
          teamId: { set: { teamId: "another-team" }, expect: "change" },
          role: { set: { role: "Admin" }, expect: "update" },
        },
        same: [{ title: "the e-mail address in another case", set: { emailAddress: "BOB@example.COM" } }],
      });
      const unknown = await h.resource("TeamMember").diff(bob.id, bob.outs, { ...inputs, emailAddress: UNKNOWN });
      assert.deepStrictEqual(unknown.replaces, ["emailAddress"], "an unknown person replaces at preview");
    });

    it("read: invited until they accept, then a member with an account id", async () => {
      h.nextRun();
      assert.strictEqual((await h.resource("TeamMember").read(bob.id, bob.outs)).props?.status, "invited");
      await accept("bob@example.com");
      h.nextRun();
      const read = await h.resource("TeamMember").read(bob.id, bob.outs);
      assert.strictEqual(read.props?.status, "member");
      assert.match(String(read.props?.accountId), /\w{8,}/);
      bob = { id: bob.id, outs: read.props! };
    });

    it("update changes the role in one request", async () => {
      h.nextRun();
      const { result, calls } = await h.counting(() => h.resource("TeamMember").update(bob.id, bob.outs, { ...inputs, role: "Admin" }));
      assert.deepStrictEqual(writes(calls), ["PUT /v3/team/add_member"]);
      assert.strictEqual(result.role, "Admin");
      h.nextRun();
      assert.strictEqual((await h.resource("TeamMember").read(bob.id, result)).props?.role, "Admin", "the service has it");
    });
  });

  it("refresh of N members reads the team once (GET /team), and GET /team/invites too while someone is invited", async () => {
    h.nextRun();
    const people: Created[] = [];
    for (let i = 0; i < 6; i++) people.push(await member({ emailAddress: `bulk${i}@example.com` }));
    for (let i = 0; i < 6; i++) await accept(`bulk${i}@example.com`);
    h.nextRun();
    const idRead = await teamIdRead(h);
    const all = await h.counting(() => Promise.all(people.map((p) => h.resource("TeamMember").read(p.id, p.outs))));
    assert.deepStrictEqual(all.calls, ["GET /v3/team", ...idRead]);
    assert.ok(all.result.every((r) => r.props?.status === "member"));
    h.nextRun();
    const pending = await member({ emailAddress: "pending@example.com" });
    h.nextRun();
    const withInvite = await h.counting(() => Promise.all([...people, pending].map((p) => h.resource("TeamMember").read(p.id, p.outs))));
    assert.deepStrictEqual(withInvite.calls, ["GET /v3/team", ...idRead, "GET /v3/team/invites"]);
    assert.strictEqual(withInvite.result.at(-1)?.props?.status, "invited");
  });

  it("a team of 100 accounts or more is read from the member list, 100 a page: ceil(N/100) + 1 reads (D26)", async () => {
    const account = await h.newAccount();
    const caller = h.settings;
    // The client paces itself to the real service's 100 writes a minute; this sandbox has no limit.
    h.set({ "esign:apiKey": account.api_key, "esign:requestsPerMinute": "1000000" });
    try {
      h.nextRun();
      const bigTeam = (await h.resource("Team").create({ name: "Big" })).id;
      const people: Created[] = [];
      for (let i = 0; i < 104; i++) people.push(await h.resource("TeamMember").create({ teamId: bigTeam, emailAddress: `big${i}@example.com` }));
      for (let i = 0; i < 104; i++) await accept(`big${i}@example.com`);
      h.nextRun();
      const idRead = await teamIdRead(h, account.api_key);
      const { result, calls } = await h.counting(() => Promise.all(people.map((p) => h.resource("TeamMember").read(p.id, p.outs))));
      // 105 accounts with the caller: GET /team (and the team id when it names none), then two pages of the member list.
      assert.deepStrictEqual(calls, ["GET /v3/team", ...idRead, `GET /v3/team/members/${bigTeam}`, `GET /v3/team/members/${bigTeam}`]);
      assert.ok(result.every((r) => r.props?.status === "member"));
    } finally {
      h.configure(caller);
    }
  });

  it("delete removes the member in one request; read then reports them gone", async () => {
    h.nextRun();
    const dora = await member({ emailAddress: "dora@example.com" });
    await accept("dora@example.com");
    h.nextRun();
    const { calls } = await h.counting(() => h.resource("TeamMember").delete(dora.id, dora.outs));
    assert.deepStrictEqual(calls, ["POST /v3/team/remove_member"]);
    h.nextRun();
    assert.strictEqual((await h.resource("TeamMember").read(dora.id, dora.outs)).id, "");
  });

  it("a member already on the team is adopted without a write", async () => {
    h.nextRun();
    await member({ emailAddress: "erin@example.com" });
    h.nextRun();
    const { calls } = await h.counting(() => member({ emailAddress: "ERIN@example.com" }));
    assert.deepStrictEqual(writes(calls), []);
  });

  it("claims: switching a member from emailAddress to accountId in one run keeps them", async () => {
    h.nextRun();
    const byEmail = await member({ emailAddress: "fay@example.com" });
    await accept("fay@example.com");
    h.nextRun();
    const accountId = (await h.resource("TeamMember").read(byEmail.id, byEmail.outs)).props?.accountId;
    h.nextRun(); // the rename's `up`: create of the new name, then delete of the old
    await member({ accountId });
    const { calls } = await h.counting(() => h.resource("TeamMember").delete(byEmail.id, byEmail.outs));
    assert.deepStrictEqual(calls, []);
    h.nextRun();
    assert.strictEqual((await h.resource("TeamMember").read(byEmail.id, byEmail.outs)).props?.status, "member", "still on the team");
  });
});
