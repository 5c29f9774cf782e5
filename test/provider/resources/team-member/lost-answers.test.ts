/**
 * TeamMember: every write whose answer is lost after the service committed it ends with the
 * person where the program declares them: one invitation e-mail, a move made once, a removal
 * that is not an error (DECISIONS D90).
 */
import * as assert from "assert";
import { ProviderHarness, type Props } from "../../support/harness";
import { allLost, LOSSES, loseNextAnswer, mails, rows } from "../../support/lost-answer";

describe("fast tier: TeamMember after a lost answer", () => {
  let h: ProviderHarness;
  let root: string;
  let sub: string;
  beforeEach(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    root = (await h.resource("Team").create({ name: "Root" })).id;
    sub = (await h.control("POST", `/teams/${root}/sub_teams`, { name: "Sub" })).body.team_id;
    h.nextRun();
  });
  afterEach(async () => h?.close());

  const members = () => h.resource("TeamMember");
  const team = async (id: string): Promise<Props> => (await rows(h, "teams")).find((t) => t.team_id === id)!;
  const pendingOn = async (id: string) => (await team(id)).invites.filter((i: Props) => i.state === "pending").map((i: Props) => i.email_address);

  for (const loss of LOSSES) {
    describe(`answer ${loss}`, () => {
      it("create: one invitation, one e-mail", async () => {
        await loseNextAnswer(h, "PUT", "/team/add_member", loss);
        const made = await members().create({ teamId: root, emailAddress: "m@example.com" });
        assert.ok(await allLost(h));
        assert.strictEqual(made.outs.status, "invited");
        assert.deepStrictEqual(await pendingOn(root), ["m@example.com"]);
        assert.strictEqual(await mails(h, "m@example.com", "team_invite"), 1);
      });

      it("update of the role leaves the declared role", async () => {
        const made = await members().create({ teamId: root, emailAddress: "m@example.com" });
        await h.control("POST", "/invites/accept", { email_address: "m@example.com" });
        h.nextRun();
        const current = (await members().read(made.id, made.outs)).props!;
        await loseNextAnswer(h, "PUT", "/team/add_member", loss);
        const outs = await members().update(made.id, current, { teamId: root, emailAddress: "m@example.com", role: "Developer" });
        assert.ok(await allLost(h));
        assert.strictEqual(outs.role, "Developer");
        const member = (await team(root)).members.find((m: Props) => m.account_id === current.accountId);
        assert.strictEqual(member.role, "Developer");
      });

      it("update of the team (a move) moves the person once", async () => {
        const made = await members().create({ teamId: root, emailAddress: "m@example.com" });
        await h.control("POST", "/invites/accept", { email_address: "m@example.com" });
        h.nextRun();
        const current = (await members().read(made.id, made.outs)).props!;
        await loseNextAnswer(h, "POST", "/team/remove_member", loss);
        const outs = await members().update(made.id, current, { teamId: sub, emailAddress: "m@example.com", role: "Developer" });
        assert.ok(await allLost(h));
        assert.deepStrictEqual([outs.teamId, outs.role, outs.status], [sub, "Developer", "member"]);
        assert.ok((await team(sub)).members.some((m: Props) => m.account_id === current.accountId));
        assert.ok(!(await team(root)).members.some((m: Props) => m.account_id === current.accountId));
        assert.strictEqual(await mails(h, "m@example.com", "team_invite"), 1, "no second invitation");
      });

      it("delete ends with the person off the team, without an error; the others stay", async () => {
        const made = await members().create({ teamId: root, emailAddress: "m@example.com" });
        await members().create({ teamId: root, emailAddress: "k@example.com" });
        h.nextRun();
        await loseNextAnswer(h, "POST", "/team/remove_member", loss);
        await members().delete(made.id, made.outs);
        assert.ok(await allLost(h));
        assert.deepStrictEqual(await pendingOn(root), ["k@example.com"]);
      });
    });
  }
});
