/**
 * TeamMember identity: a teamId change moves the person (one remove_member with new_team_id,
 * no removal from the organization, no second invitation); a new address for the same account
 * id is an update that sends nothing; someone already on the team is taken over with a warning.
 */
import * as assert from "assert";
import { ProviderHarness, type Props } from "../../support/harness";
import { warningsOf } from "../../support/identity";

describe("provider (in process): TeamMember identity and moves", () => {
  let h: ProviderHarness;
  let root: string;
  let sub: string;
  beforeEach(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    const team = await h.resource("Team").create({ name: "Root" });
    root = team.id;
    sub = (await h.control("POST", `/teams/${root}/sub_teams`, { name: "Sub" })).body.team_id;
    h.nextRun();
  });
  afterEach(async () => h?.close());

  const members = () => h.resource("TeamMember");
  const invitationsTo = async (email: string) => (await h.control("GET", `/outbox?to=${encodeURIComponent(email)}`)).body.emails.length;
  const accountOf = async (email: string) => (await h.control("GET", "/accounts")).body.accounts.find((a: Props) => a.email_address === email);

  /** Moves `made` to the sub-team as `up` would: diff (an update, not a replace), then update. */
  async function moveToSub(made: { id: string; outs: Props }, news: Props) {
    const diff = await members().diff(made.id, made.outs, news);
    assert.deepStrictEqual([diff.changes, diff.replaces], [true, []], "teamId is an update");
    return h.counting(() => members().update(made.id, made.outs, news));
  }

  it("a member moves to another team with one remove_member: still in the organization, no new invitation", async () => {
    const made = await members().create({ teamId: root, emailAddress: "m@example.com", role: "Developer" });
    await h.control("POST", "/invites/accept", { email_address: "m@example.com" });
    h.nextRun();
    const refreshed = await members().read(made.id, made.outs);
    const { result, calls } = await moveToSub({ id: made.id, outs: refreshed.props! }, { teamId: sub, emailAddress: "m@example.com", role: "Developer" });
    assert.deepStrictEqual(calls, ["POST /v3/team/remove_member"]);
    assert.deepStrictEqual([result.teamId, result.role, result.status], [sub, "Developer", "member"]);
    assert.strictEqual((await accountOf("m@example.com")).team_id, sub);
    assert.strictEqual(await invitationsTo("m@example.com"), 1);
    h.nextRun();
    const read = await members().read(made.id, result);
    assert.deepStrictEqual([read.props?.teamId, read.props?.role], [sub, "Developer"]);
  });

  it("someone still invited moves with their invitation: no second e-mail", async () => {
    const made = await members().create({ teamId: root, emailAddress: "i@example.com" });
    h.nextRun();
    const { result, calls } = await moveToSub(made, { teamId: sub, emailAddress: "i@example.com", role: "Team Manager" });
    assert.deepStrictEqual(calls, ["POST /v3/team/remove_member"]);
    assert.deepStrictEqual([result.teamId, result.status], [sub, "invited"]);
    assert.strictEqual(await invitationsTo("i@example.com"), 1);
    h.nextRun();
    const read = await members().read(made.id, result);
    assert.deepStrictEqual([read.props?.teamId, read.props?.role, read.props?.status], [sub, "Team Manager", "invited"]);
  });

  it("a new address for the account id the program names is an update that sends nothing", async () => {
    const made = await members().create({ teamId: root, emailAddress: "old@example.com" });
    await h.control("POST", "/invites/accept", { email_address: "old@example.com" });
    const accountId = (await accountOf("old@example.com")).account_id;
    h.nextRun();
    const olds = (await members().read(made.id, made.outs)).props!;
    const news = { teamId: root, accountId, emailAddress: "new@example.com" };
    const diff = await members().diff(made.id, olds, news);
    assert.deepStrictEqual([diff.changes, diff.replaces], [true, []]);
    const { result, calls } = await h.counting(() => members().update(made.id, olds, news));
    assert.deepStrictEqual(calls, []);
    assert.strictEqual(result.emailAddress, "new@example.com");
  });

  it("another person (a new address without the account id) is a replace that adds before it removes", async () => {
    const made = await members().create({ teamId: root, emailAddress: "a@example.com" });
    const diff = await members().diff(made.id, made.outs, { teamId: root, emailAddress: "b@example.com" });
    assert.deepStrictEqual([diff.replaces, diff.deleteBeforeReplace], [["emailAddress"], false]);
  });

  describe("the person changed their address in the web UI, and the program follows without an account id", () => {
    let made: { id: string; outs: Props };
    let accountId: string;
    beforeEach(async () => {
      made = await members().create({ teamId: root, emailAddress: "before@example.com", role: "Developer" });
      await h.control("POST", "/invites/accept", { email_address: "before@example.com" });
      accountId = (await accountOf("before@example.com")).account_id;
      h.nextRun(); // a refresh after they joined records their account id
      made = { id: made.id, outs: (await members().read(made.id, made.outs)).props! };
      assert.strictEqual(made.outs.accountId, accountId);
      const patched = await h.control("PATCH", `/accounts/${accountId}`, { email_address: "after@example.com" });
      assert.strictEqual(patched.status, 200);
      h.nextRun();
    });

    it("after a refresh the new address is no change at all", async () => {
      const read = await members().read(made.id, made.outs);
      assert.deepStrictEqual([read.props?.accountId, read.props?.emailAddress], [accountId, "after@example.com"]);
      const diff = await members().diff(made.id, read.props!, { teamId: root, emailAddress: "after@example.com", role: "Developer" });
      assert.strictEqual(diff.changes, false);
    });

    it("without a refresh it is a replace whose create finds the same account and whose delete keeps it: nobody removed or invited", async () => {
      const news = { teamId: root, emailAddress: "after@example.com", role: "Developer" };
      const diff = await members().diff(made.id, made.outs, news);
      assert.deepStrictEqual([diff.replaces, diff.deleteBeforeReplace], [["emailAddress"], false]);
      // The engine's order for create-before-delete: the new name's create, then the old one's delete.
      const { result, calls } = await h.counting(async () => {
        const created = await members().create(news);
        await members().delete(made.id, made.outs);
        return created;
      });
      assert.deepStrictEqual(
        calls.filter((c) => !c.startsWith("GET ")),
        [],
        "no add_member, no remove_member",
      );
      assert.deepStrictEqual([result.outs.accountId, result.outs.status], [accountId, "member"]);
      assert.strictEqual((await accountOf("after@example.com")).team_id, root, "still on the team");
      assert.strictEqual(await invitationsTo("after@example.com"), 0, "no invitation to the new address");
    });
  });

  it("someone already on the team is taken over with a warning naming them", async () => {
    await members().create({ teamId: root, emailAddress: "x@example.com" });
    h.nextRun(); // another stack
    const { result, warnings } = await warningsOf(() => h.counting(() => members().create({ teamId: root, emailAddress: "x@example.com" })));
    assert.ok(!result.calls.includes("PUT /v3/team/add_member"), `no second invitation: ${result.calls}`);
    assert.strictEqual(warnings.length, 1);
    assert.match(warnings[0], new RegExp(`^TeamMember adopted invitation of x@example.com .*on team ${root} \\(already invited\\)`));
    assert.strictEqual(await invitationsTo("x@example.com"), 1);
  });
});
