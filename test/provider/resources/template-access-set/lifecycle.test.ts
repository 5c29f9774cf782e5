/**
 * TemplateAccessSet and FaxLineUserSet (resources/shared/exclusive.ts, the same implementation as
 * TeamMemberSet): check names who else may use the template or line, from its one shared read;
 * create removes them; a template's owner and the key holder are never removed. The owner is
 * known by identity (`is_creator`), not by its place in `accounts` (D140); the sets of one run
 * share one removal limit (D139).
 */
import * as assert from "assert";
import { EsignClient } from "../../../../provider/client";
import { ProviderHarness } from "../../support/harness";
import { ndaTemplate } from "../../support/fixtures";
import { managedOf, unmanagedObjects } from "../../../../provider/cli/drift-unmanaged";
import { collectingWarnings } from "../../support/warnings";

describe("fast tier: TemplateAccessSet and FaxLineUserSet", () => {
  let h: ProviderHarness;
  const owner = () => new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
  beforeEach(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    await h.resource("Team").create({ name: "Acme" });
    for (const email of ["alice@example.com", "bob@example.com"]) {
      await owner().team.addMember({ email_address: email } as never, {});
      await h.control("POST", "/invites/accept", { email_address: email });
    }
    h.nextRun();
  });
  afterEach(async () => h?.close());

  it("a template: the undeclared user is removed, the owner (the key holder) stays; one read of the template", async () => {
    const templateId = (await h.resource("Template").create(ndaTemplate())).id;
    await owner().template.addUser(templateId, { email_address: "alice@example.com" } as never);
    await owner().template.addUser(templateId, { email_address: "bob@example.com" } as never);
    h.nextRun();
    const { result: checked, calls } = await h.counting(() => h.resource("TemplateAccessSet").check({ templateId, users: ["alice@example.com"] }));
    assert.deepStrictEqual(checked.inputs?.removals, ["bob@example.com"]);
    assert.deepStrictEqual(calls, [`GET /v3/template/${templateId}`]);
    const made = await h.resource("TemplateAccessSet").create({ templateId, users: ["alice@example.com"] });
    assert.deepStrictEqual(made.outs.removed, ["bob@example.com"]);
    const me = (await owner().account.get()).email_address;
    const left = ((await owner().template.get(templateId)).accounts ?? []).map((a) => a.email_address).sort();
    assert.deepStrictEqual(left, ["alice@example.com", me].sort());
  });

  it("a fax line: the undeclared user is removed, the key holder stays", async () => {
    const number = (await h.resource("FaxLine").create({ areaCode: 415, country: "US" })).id;
    await owner().faxLine.addUser({ number, email_address: "bob@example.com" } as never);
    h.nextRun();
    const made = await h.resource("FaxLineUserSet").create({ number, users: [] });
    assert.deepStrictEqual(made.outs.removed, ["bob@example.com"]);
    const left = ((await owner().faxLine.get({ number })).accounts ?? []).map((a) => a.email_address);
    assert.deepStrictEqual(left, [(await owner().account.get()).email_address]);
  });
  const accountIds = async () => new Map(((await owner().team.get()).accounts ?? []).map((a) => [a.email_address!, a.account_id!]));

  it("the owner by identity, not by place: listed after another account, the key holder owns it and the first listed goes", async () => {
    const templateId = (await h.resource("Template").create(ndaTemplate())).id;
    await owner().template.addUser(templateId, { email_address: "bob@example.com" } as never);
    // The service's order of accounts is not the owner first (a web UI re-share lists the owner last).
    const me = await owner().account.get();
    assert.strictEqual((await h.control("DELETE", `/templates/${templateId}/users/${me.account_id}`)).status, 200);
    assert.strictEqual((await h.control("POST", `/templates/${templateId}/users`, { account_id: me.account_id })).status, 200);
    assert.deepStrictEqual(
      ((await owner().template.get(templateId)).accounts ?? []).map((a) => a.email_address),
      ["bob@example.com", me.email_address],
    );
    h.nextRun();
    const checked = await h.resource("TemplateAccessSet").check({ templateId, users: [] });
    assert.deepStrictEqual(checked.inputs?.removals, ["bob@example.com"], "bob is a grant, not the owner");
    // The drift report lists bob as a template user too (the first listed is no longer skipped).
    const rows = await unmanagedObjects(owner(), managedOf([{ type: "esign:index:Template", outputs: { templateId } }]));
    assert.deepStrictEqual(
      rows.filter((u) => u.collection === "templates.access").map((u) => [u.what, u.name]),
      [["template user", "bob@example.com"]],
    );
  });

  it("a teammate's template (the key holder is not its owner): nobody is removed, each left-out account named", async () => {
    const ids = await accountIds();
    const me = await owner().account.get();
    const made = await h.control("POST", "/templates", { account_id: ids.get("alice@example.com"), title: "Alice's NDA" });
    const templateId = made.body.template_id as string;
    for (const id of [me.account_id, ids.get("bob@example.com")]) await h.control("POST", `/templates/${templateId}/users`, { account_id: id });
    h.nextRun();
    const { result: checked, warnings } = await collectingWarnings(() => h.resource("TemplateAccessSet").check({ templateId, users: [] }));
    assert.deepStrictEqual(checked.inputs?.removals, [], "alice may own it, and the service does not say whether bob does");
    assert.deepStrictEqual(checked.failures ?? [], []);
    for (const who of ["alice@example.com", "bob@example.com"]) {
      assert.ok(
        warnings.some((w) => w.includes(`${who} is not in users but stays (may own the template: the service names a template's owner only to the owner`)),
        warnings.join("\n"),
      );
    }
  });

  it("one removal limit for the run: two sets of 3 removals each fail the second check (6 > maxRemovals 5)", async () => {
    for (const email of ["carol@example.com", "dave@example.com"]) {
      await owner().team.addMember({ email_address: email } as never, {});
      await h.control("POST", "/invites/accept", { email_address: email });
    }
    const templates: string[] = [];
    for (const users of [
      ["alice", "bob", "carol"],
      ["alice", "bob", "dave"],
    ]) {
      const templateId = (await h.resource("Template").create(ndaTemplate())).id;
      for (const u of users) await owner().template.addUser(templateId, { email_address: `${u}@example.com` } as never);
      templates.push(templateId);
    }
    h.nextRun();
    const first = await h.resource("TemplateAccessSet").check({ templateId: templates[0], users: [] });
    assert.deepStrictEqual(first.failures ?? [], []);
    assert.strictEqual(first.inputs?.removals.length, 3);
    const second = await h.resource("TemplateAccessSet").check({ templateId: templates[1], users: [] });
    assert.match(
      second.failures?.[0]?.reason ?? "",
      /would remove 3 from template \S+ \(alice@example\.com, bob@example\.com, dave@example\.com\); the run's sets remove 6 in all, more than maxRemovals \(5\) for one run/,
    );
    // The same set checked again counts once; a new run starts its own budget; a raised limit on both allows it.
    h.nextRun();
    for (const templateId of templates) {
      const again = await h.resource("TemplateAccessSet").check({ templateId, users: [], maxRemovals: 6 });
      assert.deepStrictEqual(again.failures ?? [], [], templateId);
    }
    const repeat = await h.resource("TemplateAccessSet").check({ templateId: templates[0], users: [], maxRemovals: 6 });
    assert.deepStrictEqual(repeat.failures ?? [], []);
  });
});
