/**
 * TemplateAccessSet and FaxLineUserSet (resources/shared/exclusive.ts, the same implementation as
 * TeamMemberSet): check names who else may use the template or line, from its one shared read;
 * create removes them; a template's owner and the key holder are never removed.
 */
import * as assert from "assert";
import { EsignClient } from "../../../../provider/client";
import { ProviderHarness } from "../../support/harness";
import { ndaTemplate } from "../../support/fixtures";

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
});
