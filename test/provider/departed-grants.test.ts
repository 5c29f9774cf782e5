/**
 * A grant whose person already left the team is gone (D130), per grant kind, in process:
 * TemplateAccess and FaxLineUser alone, TemplateAccessSet and FaxLineUserSet in a set. After
 * the person is removed from the team, the service refuses to remove her grant ("<email> is
 * not a member of your team", 400, fax line; "Account does not belong to your team.", 403,
 * template, as the real service answered a live test, §4): the removal counts as done. Only
 * those answers: another refusal of the same call still fails.
 */
import * as assert from "assert";
import { EsignClient, EsignApiError, isGone } from "../../provider/client";
import { ProviderHarness } from "./support/harness";
import { ndaTemplate } from "./support/fixtures";

describe("fast tier: a grant whose person already left the team is gone", () => {
  let h: ProviderHarness;
  let templateId: string;
  let number: string;
  const owner = () => new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
  /** `email` joins the team (and, with `grants`, gets the template and the line outside the stack); answers her account id. */
  async function joinsWithGrants(email: string, grants = true): Promise<string> {
    await owner().team.addMember({ email_address: email } as never, {});
    await h.control("POST", "/invites/accept", { email_address: email });
    if (!grants) return (await owner().team.get()).accounts!.find((a) => a.email_address === email)!.account_id!;
    await owner().template.addUser(templateId, { email_address: email } as never);
    await owner().faxLine.addUser({ number, email_address: email } as never);
    const line = await owner().faxLine.get({ number });
    return line.accounts!.find((a) => a.email_address === email)!.account_id!;
  }
  /** She leaves the team (as the member set's update does), and her template access is withdrawn with her. */
  async function leaves(email: string): Promise<void> {
    await owner().team.removeMember({ email_address: email } as never);
    // Her template access goes with her (the remove_user the real service would refuse now is taken as done).
    await owner()
      .template.removeUser(templateId, { email_address: email } as never)
      .catch((e: unknown) => assert.ok(isGone(e), String(e)));
  }

  before(async () => {
    h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead();
    await h.resource("Team").create({ name: "Acme" });
    templateId = (await h.resource("Template").create(ndaTemplate())).id;
    number = (await h.resource("FaxLine").create({ areaCode: 415, country: "US" })).id;
  });
  after(async () => h?.close());

  it("the service refuses as the evidence says once she has left", async () => {
    const accountId = await joinsWithGrants("dana@example.com");
    await leaves("dana@example.com");
    const fax = await owner()
      .faxLine.removeUser({ number, account_id: accountId })
      .catch((e: unknown) => e);
    assert.ok(fax instanceof EsignApiError && fax.status === 400 && /is not a member of your team/.test(fax.errorMsg), String(fax));
    const template = await owner()
      .template.removeUser(templateId, { account_id: accountId })
      .catch((e: unknown) => e);
    assert.ok(template instanceof EsignApiError && template.status === 403 && /Account does not belong to your team/.test(template.errorMsg), String(template));
  });

  for (const [type, email] of [
    ["TemplateAccess", "erin@example.com"],
    ["FaxLineUser", "fay@example.com"],
  ]) {
    it(`${type}: its delete after she left the team is done`, async () => {
      await joinsWithGrants(email, false);
      h.nextRun();
      const parent = type === "TemplateAccess" ? { templateId } : { number };
      const grant = await h.resource(type).create({ ...parent, emailAddress: email });
      assert.strictEqual(grant.outs.status, "granted");
      await leaves(email);
      h.nextRun();
      await h.resource(type).delete(grant.id, grant.outs);
    });
  }

  for (const [type, email] of [
    ["TemplateAccessSet", "gus@example.com"],
    ["FaxLineUserSet", "hal@example.com"],
  ]) {
    it(`${type}: removing her after she left the team is done`, async () => {
      await joinsWithGrants(email);
      h.nextRun();
      const parent = type === "TemplateAccessSet" ? { templateId } : { number };
      const others = ((type === "TemplateAccessSet" ? (await owner().template.get(templateId)).accounts : (await owner().faxLine.get({ number })).accounts) ?? [])
        .map((a) => a.email_address!)
        .filter((e) => e !== email);
      // She leaves the team first (as the member set's update does); the parent may still list her.
      await owner().team.removeMember({ email_address: email } as never);
      h.nextRun();
      const made = await h.resource(type).create({ ...parent, users: others, maxRemovals: 10 });
      assert.deepStrictEqual(made.outs.removed, [email]);
    });
  }

  it("only those answers: another refusal of the same call is not 'gone'", () => {
    const error = (operation: string, status: number, errorMsg: string) =>
      new EsignApiError({ operation, status, errorMsg, errorName: status === 403 ? "forbidden" : "bad_request", method: "PUT", path: "/x", envelope: true });
    assert.strictEqual(isGone(error("fax_line.remove_user", 400, "dana@example.com is not a member of your team")), true);
    assert.strictEqual(isGone(error("template.remove_user", 403, "Account does not belong to your team.")), true);
    assert.strictEqual(isGone(error("template.remove_user", 403, "You cannot remove the template owner")), false);
    assert.strictEqual(isGone(error("fax_line.remove_user", 400, "number is required")), false);
    assert.strictEqual(isGone(error("fax_line.add_user", 400, "dana@example.com is not a member of your team")), false);
    assert.strictEqual(isGone(error("template.add_user", 403, "Account does not belong to your team.")), false);
  });
});
