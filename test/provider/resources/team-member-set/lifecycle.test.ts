/**
 * TeamMemberSet (resources/shared/exclusive.ts): check names each removal (one read of the team),
 * the diff is a change while anyone is to be removed, create removes exactly those; the key holder
 * and the last Admins stay, `keep` patterns stay, a typo is named with the person it would remove,
 * more than maxRemovals fail the check, a retry after a partial run removes the rest.
 */
import * as assert from "assert";
import { EsignClient } from "../../../../provider/client";
import { ProviderHarness, type Props } from "../../support/harness";
import { UNKNOWN } from "../../support/rules-table";
import { collectingWarnings } from "../../support/warnings";

describe("fast tier: TeamMemberSet", () => {
  let h: ProviderHarness;
  let teamId: string;
  const sets = () => h.resource("TeamMemberSet");
  const owner = () => new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
  /** The web UI's stand-in: the owner invites with their own key; `join` accepts. */
  async function invite(email: string, join = true, role?: string): Promise<void> {
    await owner().team.addMember({ email_address: email, ...(role ? { role } : {}) } as never, role ? { team_id: teamId } : {});
    if (join) await h.control("POST", "/invites/accept", { email_address: email });
  }
  async function people(): Promise<string[]> {
    const team = await owner().team.get();
    return [...(team.accounts ?? []).map((a) => a.email_address ?? ""), ...(team.invited_emails ?? [])].sort();
  }

  beforeEach(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    teamId = (await h.resource("Team").create({ name: "Acme" })).id;
    h.nextRun();
  });
  afterEach(async () => h?.close());

  it("check names whom the next up removes, from one read of the team; create removes exactly them", async () => {
    await invite("alice@example.com");
    await invite("bob@example.com");
    await invite("carol@example.com", false);
    const { result: checked, calls } = await h.counting(() => sets().check({ members: ["alice@example.com"] }));
    assert.deepStrictEqual(checked.failures, []);
    assert.deepStrictEqual(checked.inputs?.removals, ["bob@example.com", "carol@example.com"]);
    assert.deepStrictEqual(calls, ["GET /v3/team/info", "GET /v3/team", "GET /v3/team/invites"]);

    const diff = await sets().diff(teamId, { teamId, members: ["alice@example.com"], removals: [] }, { members: ["alice@example.com"] });
    assert.strictEqual(diff.changes, true, "a removal is a change");

    const made = await sets().create({ members: ["alice@example.com"] });
    assert.strictEqual(made.id, teamId);
    assert.deepStrictEqual(made.outs.removed, ["bob@example.com", "carol@example.com"]);
    assert.deepStrictEqual(made.outs.removals, []);
    const me = (await owner().account.get()).email_address!;
    assert.deepStrictEqual(await people(), ["alice@example.com", me].sort(), "the key holder stays");

    h.nextRun();
    const again = await sets().diff(made.id, made.outs, { members: ["alice@example.com"] });
    assert.strictEqual(again.changes, false, "nothing left to remove: no change");
  });

  it("refresh reports who would be removed; a clean team reads no removals", async () => {
    await invite("alice@example.com");
    const made = await sets().create({ members: ["alice@example.com"] });
    await invite("mallory@example.com");
    h.nextRun();
    const read = await sets().read(made.id, made.outs);
    assert.deepStrictEqual(read.props?.removals, ["mallory@example.com"]);
  });

  it("keep patterns and the key holder are never removed", async () => {
    await invite("auditor@audit.example");
    await invite("x@example.com");
    const checked = await sets().check({ members: [], keep: ["*@AUDIT.example"] });
    assert.deepStrictEqual(checked.inputs?.removals, ["x@example.com"]);
  });

  it("a typo in the list is named with the person it would remove, in the preview", async () => {
    await invite("bob@example.com");
    const { result, warnings } = await collectingWarnings(() => sets().check({ members: ["bob@exmaple.com"] }));
    assert.deepStrictEqual(result.inputs?.removals, ["bob@example.com"]);
    assert.ok(
      warnings.some((w) => w.includes("bob@exmaple.com in members is not there; did you mean bob@example.com, whom this removes?")),
      warnings.join("\n"),
    );
  });

  it("more than maxRemovals fail the check naming them; raising it allows them", async () => {
    for (let i = 1; i <= 6; i++) await invite(`p${i}@example.com`, false);
    const refused = await sets().check({ members: [] });
    assert.strictEqual(refused.failures?.length, 1);
    assert.strictEqual(refused.failures![0].property, "members");
    assert.match(refused.failures![0].reason, /would remove 6 from team .* \(p1@example.com, .*p6@example.com\), more than maxRemovals \(5\)/);
    const allowed = await sets().check({ members: [], maxRemovals: 6 });
    assert.deepStrictEqual(allowed.failures, []);
    assert.strictEqual(allowed.inputs?.removals.length, 6);
  });

  it("the team's last Admin stays when the key holder is not an Admin", async () => {
    await invite("boss@example.com", true, "Admin");
    await invite("tm@example.com", true, "Team Manager");
    await invite("developer@example.com", true, "Developer");
    // The owner (the team's creator, an Admin) leaves; the key is now a Developer's (a Team
    // Manager's key cannot call the API at all: the real service's rule, D77).
    const accounts = (await h.control("GET", "/accounts")).body.accounts as Props[];
    const dev = accounts.find((a) => a.email_address === "developer@example.com")!;
    const key = (await h.control("POST", `/accounts/${dev.account_id}/api_keys`, {})).body.api_key as string;
    const me = (await owner().account.get()).account_id;
    await h.control("DELETE", `/team/members/${me}`);
    h.set({ "esign:apiKey": key });
    h.nextRun();
    const { result, warnings } = await collectingWarnings(() => sets().check({ members: [] }));
    assert.deepStrictEqual(result.inputs?.removals, ["tm@example.com"]);
    assert.ok(
      warnings.some((w) => w.includes("boss@example.com is not in members but stays (the team's last Admin)")),
      warnings.join("\n"),
    );
  });

  it("a retry after a partial run removes the rest and fails on nobody already gone", async () => {
    await invite("a@example.com");
    await invite("b@example.com");
    const checked = await sets().check({ members: [] });
    // Someone removed a@ in the meantime (a first attempt, or the web UI).
    await owner().team.removeMember({ email_address: "a@example.com" });
    h.nextRun();
    const provider = h.host.resourceProvider("TeamMemberSet");
    await h.applyConfig("TeamMemberSet");
    const made = await provider.create(checked.inputs!);
    assert.deepStrictEqual(made.outs.removed, ["b@example.com"]);
  });

  it("a list not known at preview fails the check; a team still to be made removes nobody", async () => {
    const unknownList = await sets().check({ members: [UNKNOWN] });
    assert.match(unknownList.failures?.[0]?.reason ?? "", /must be known at preview/);
    const newTeam = await sets().check({ teamId: UNKNOWN, members: [] });
    assert.deepStrictEqual([newTeam.failures, newTeam.inputs?.removals], [[], []]);
  });

  it("diff: the team replaces, the list and options update, the same list in another order is no change", async () => {
    await invite("alice@example.com");
    await invite("bob@example.com");
    const inputs = { teamId, members: ["alice@example.com", "bob@example.com"] };
    const made = await sets().create(inputs);
    h.nextRun();
    const kind = async (set: Props) => {
      const d = await sets().diff(made.id, made.outs, { ...inputs, ...set });
      return d.replaces?.length ? "replace" : d.changes ? "update" : "none";
    };
    assert.deepStrictEqual(
      [
        await kind({}),
        await kind({ members: ["bob@example.com", "alice@example.com"] }),
        await kind({ teamId: (await h.control("POST", `/teams/${teamId}/sub_teams`, { name: "Sub" })).body.team_id }),
        await kind({ members: ["alice@example.com", "bob@example.com", "z@example.com"] }),
        await kind({ keep: ["*@x.example"] }),
        await kind({ maxRemovals: 9 }),
      ],
      ["none", "none", "replace", "update", "update", "update"],
    );
  });
});
