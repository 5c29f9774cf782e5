/**
 * A single TeamMember keeps the guards TeamMemberSet has (shared/team-guard.ts, D140): it refuses,
 * in one line and before any write, to remove or move the key holder or the team's last Admin,
 * to change the key holder's role to anything but Admin, and to take the Admin role from the
 * last Admin.
 */
import * as assert from "assert";
import { EsignClient } from "../../../../provider/client";
import { ProviderHarness } from "../../support/harness";

describe("fast tier: TeamMember guards (the key holder, the last Admin)", () => {
  let h: ProviderHarness;
  let teamId: string;
  const owner = () => new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
  const members = () => h.resource("TeamMember");
  const onTeam = async (client = owner()) => ((await client.team.get()).accounts ?? []).map((a) => `${a.email_address}:${a.role_code}`).sort();

  beforeEach(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    teamId = (await h.resource("Team").create({ name: "Acme" })).id;
  });
  afterEach(async () => h?.close());

  it("the key holder (adopted as a TeamMember) is neither removed nor demoted; nothing is sent", async () => {
    const me = await owner().account.get();
    const held = await members().create({ emailAddress: me.email_address, role: "Admin" });
    h.nextRun(); // a later run (in the same one, the create's claim keeps the object from a delete)
    const before = await onTeam();
    const since = h.mark();
    await assert.rejects(members().delete(held.id, held.outs), (e: Error) => {
      assert.match(e.message, new RegExp(`refused: a removal of ${me.email_address!.replace(/[.+]/g, "\\$&")} on team ${teamId}: they hold the API key; nothing was changed`));
      assert.ok(!e.message.includes("\n"), "one line");
      return true;
    });
    await assert.rejects(members().update(held.id, held.outs, { emailAddress: me.email_address, role: "Member" }), /refused: a role change to Member of .*: they hold the API key/);
    const writes = h.requestsSince(since).filter((q) => q.method !== "GET");
    assert.deepStrictEqual(writes, [], "no write was sent");
    assert.deepStrictEqual(await onTeam(), before);
  });

  it("the last Admin is neither removed, moved nor demoted while the key holder is no Admin", async () => {
    await owner().team.addMember({ email_address: "boss@example.com", role: "Admin" } as never, { team_id: teamId });
    await h.control("POST", "/invites/accept", { email_address: "boss@example.com" });
    const me = await owner().account.get();
    // The key holder (the team's creator) steps down to Developer: boss is the one Admin.
    await owner().team.addMember({ email_address: me.email_address, role: "Developer" } as never, { team_id: teamId });
    assert.deepStrictEqual(
      (await onTeam()).filter((m) => m.endsWith(":a")),
      ["boss@example.com:a"],
    );
    h.nextRun(); // a new run: the team create read the team before boss joined out of band
    const boss = await members().create({ emailAddress: "boss@example.com", role: "Admin", teamId });
    h.nextRun();
    await assert.rejects(members().delete(boss.id, boss.outs), /refused: a removal of boss@example\.com on team .*: they are the team's last Admin; nothing was changed/);
    await assert.rejects(members().update(boss.id, boss.outs, { emailAddress: "boss@example.com", teamId, role: "Member" }), /refused: a role change to Member of boss@example\.com .*last Admin/);
    const sub = (await h.control("POST", `/teams/${teamId}/sub_teams`, { name: "Sub" })).body.team_id as string;
    await assert.rejects(members().update(boss.id, boss.outs, { emailAddress: "boss@example.com", teamId: sub, role: "Admin" }), /refused: a move to team \S+ of boss@example\.com .*last Admin/);
    assert.ok((await onTeam()).includes("boss@example.com:a"), "boss is still the Admin");
  });
});
