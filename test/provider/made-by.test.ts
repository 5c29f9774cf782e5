/**
 * One finder per kind (DECISIONS D115): what a create whose answer never came made is found by
 * the same rules whether the answer was lost inside the run (createOnce), or the run was cut
 * off (`esign recover` and the create-time check: made/cut-off.ts `candidatesFor`).
 * Each case sets up an object the other path used to take, or miss.
 */
import * as assert from "assert";
import { Deployment } from "../../provider/deployment/context";
import { candidatesFor, IDEMPOTENT_KINDS } from "../../provider/made/cut-off";
import { definitions } from "../../provider/resources/definitions";
import { lineMadeWith } from "../../provider/resources/fax-line/made";
import { ProviderHarness, type Props } from "./support/harness";
import { accountIdOf, allLost, loseNextAnswer, rows } from "./support/lost-answer";
import { ndaTemplate } from "./support/fixtures";
import { auth } from "./support/service-forms";

describe("provider (in process): what a create made, found one way by a lost answer and by recover", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead()));
  afterEach(async () => h?.close());

  /**
   * What `esign recover` sees: a provider context of the stack's settings, no run's book; the
   * read-after-create lag's bound shortened (nothing found is waited on that long).
   */
  const recoverView = (kind: string, inputs: Props, held: string[] = [], since?: number, readLagMs = 500) => {
    const settings = h.settings;
    const ctx = new Deployment("dynamic", { get: (key) => settings[key] }, { readLagMs }).context();
    return candidatesFor(ctx, kind, inputs, { held: new Set(held), since });
  };

  async function teamWithAlice(): Promise<string> {
    await h.resource("Team").create({ name: "Ops" });
    await h.resource("TeamMember").create({ emailAddress: "alice@example.com" });
    await h.control("POST", "/invites/accept", { email_address: "alice@example.com" });
    return accountIdOf(h, "alice@example.com");
  }

  it("FaxLine with an assignee: the lost answer and recover both find the line bought for her, not the caller's line of the same area code", async () => {
    const alice = await teamWithAlice();
    const mine = await h.resource("FaxLine").create({ areaCode: 415, country: "US" }); // another stack's, assigned to the caller
    h.nextRun();
    const declared = { areaCode: 415, country: "US", accountId: alice };
    await loseNextAnswer(h, "POST", "/fax_line/create", "dropped");
    const bought = await h.resource("FaxLine").create(declared);
    assert.ok(await allLost(h));
    assert.notStrictEqual(bought.id, mine.id);
    const inputs = (await h.resource("FaxLine").check(declared)).inputs!;
    assert.deepStrictEqual(
      (await recoverView("FaxLine", inputs)).map((c) => c.id),
      [bought.id],
    );
  });

  it("FaxLine in the UK: recover finds the line a lost answer finds (the country's calling code, not a North American area code)", async () => {
    const declared = { areaCode: 20, country: "UK" };
    await loseNextAnswer(h, "POST", "/fax_line/create", "503");
    const bought = await h.resource("FaxLine").create(declared);
    assert.ok(await allLost(h));
    assert.deepStrictEqual(
      (await rows(h, "fax_lines")).map((l) => l.number),
      [bought.id],
    );
    const inputs = (await h.resource("FaxLine").check(declared)).inputs!;
    assert.deepStrictEqual(
      (await recoverView("FaxLine", inputs)).map((c) => c.id),
      [bought.id],
    );
  });

  it("FaxLine numbers in every form the service may send: with or without +, spaced; the country's code first", () => {
    const us = lineMadeWith({ areaCode: 415, country: "US" });
    for (const n of ["+14155550100", "14155550100", "+1 415 555 0100", "+1 (415) 555-0100"]) assert.ok(us({ number: n }), n);
    for (const n of ["+14165550100", "+4415550100", "4155550100"]) assert.ok(!us({ number: n }), n);
    const uk = lineMadeWith({ areaCode: 20, country: "uk" });
    assert.ok(uk({ number: "+442079460000" }));
    assert.ok(!uk({ number: "+12079460000" }));
  });

  it("Template: one of the same title with other signer roles is taken neither by recover nor by a lost answer", async () => {
    const other = await h.resource("Template").create(ndaTemplate({ signerRoles: [{ name: "Manager", order: 0 }] }));
    h.nextRun();
    const inputs = (await h.resource("Template").check(ndaTemplate())).inputs!;
    assert.deepStrictEqual(await recoverView("Template", inputs), []);
    await loseNextAnswer(h, "POST", "/template/create", "dropped");
    const made = await h.resource("Template").create(ndaTemplate());
    assert.ok(await allLost(h));
    assert.notStrictEqual(made.id, other.id);
    assert.deepStrictEqual(
      (await recoverView("Template", inputs, [other.id])).map((c) => c.id),
      [made.id],
    );
  });

  it("Template with a subject (never answered by the service, §4): recover takes it as a lost answer does (D129)", async () => {
    const declared = ndaTemplate({ subject: "Please sign" });
    const made = await h.resource("Template").create(declared);
    h.nextRun();
    const inputs = (await h.resource("Template").check(declared)).inputs!;
    assert.deepStrictEqual(
      (await recoverView("Template", inputs)).map((c) => c.id),
      [made.id],
    );
  });

  it("Team: recover refuses the caller's team of another name as a lost answer does (adopt: true), never clearing the create as made nothing", async () => {
    await h.resource("Team").create({ name: "Other" });
    h.nextRun();
    const inputs = (await h.resource("Team").check({ name: "Ops" })).inputs!;
    await assert.rejects(recoverView("Team", inputs), /^Error: the caller is on team "Other", not "Ops": if the lost create made it, or it is yours, add adopt: true/);
    // With adopt: true the create takes whatever team it is: not the cut-off create's (another name), and the next up adopts and renames it.
    const adopting = (await h.resource("Team").check({ name: "Ops", adopt: true })).inputs!;
    assert.deepStrictEqual(await recoverView("Team", adopting), []);
    const same = (await h.resource("Team").check({ name: "Other" })).inputs!;
    assert.match((await recoverView("Team", same)).map((c) => c.label).join(), /^team "Other" \(\w+\)$/);
  });

  it("ApiApp: recover takes only the caller's app with the declared name and domains, as a lost answer does", async () => {
    const declared = { name: "Portal", domains: ["portal.example.com"] };
    await loseNextAnswer(h, "POST", "/api_app", "dropped");
    const made = await h.resource("ApiApp").create(declared);
    assert.ok(await allLost(h));
    const inputs = (await h.resource("ApiApp").check(declared)).inputs!;
    assert.deepStrictEqual(
      (await recoverView("ApiApp", inputs)).map((c) => c.id),
      [made.id],
    );
    const otherDomains = (await h.resource("ApiApp").check({ ...declared, domains: ["other.example.com"] })).inputs!;
    assert.deepStrictEqual(await recoverView("ApiApp", otherDomains), []);
    assert.deepStrictEqual(await recoverView("ApiApp", inputs, [made.id]), []);
  });

  it("ApiApp: recover finds the app the cut-off create made while the service does not list it yet, instead of clearing the create as made nothing", async () => {
    await h.control("PUT", "/settings/api_app_visibility_delay", { delay_ms: 1500 });
    const declared = { name: "Portal", domains: ["portal.example.com"] };
    // The cut-off run's create: the service made the app, the run never heard back.
    const sent = await fetch(`${h.svc.baseUrl}/api_app`, { method: "POST", headers: auth(h.settings["esign:apiKey"]!), body: JSON.stringify(declared) });
    const { api_app: app } = (await sent.json()) as { api_app: { client_id: string } };
    const inputs = (await h.resource("ApiApp").check(declared)).inputs!;
    assert.deepStrictEqual(
      (await recoverView("ApiApp", inputs, [], undefined, 4000)).map((c) => c.id),
      [app.client_id],
    );
  });

  it("made after `since` only; an object the inputs name (an adoption) whenever it was made", async () => {
    const line = await h.resource("FaxLine").create({ areaCode: 415, country: "US" });
    const later = Date.now() / 1000 + 3600;
    const inputs = (await h.resource("FaxLine").check({ areaCode: 415, country: "US" })).inputs!;
    assert.deepStrictEqual(await recoverView("FaxLine", inputs, [], later), []);
    assert.deepStrictEqual(
      (await recoverView("FaxLine", { number: line.id }, [], later)).map((c) => c.id),
      [line.id],
    );
  });

  it("every kind says how its create is found again: a finder, or an idempotent create", () => {
    for (const [kind, d] of Object.entries(definitions)) {
      assert.ok("finder" in d.madeBy || "idempotent" in d.madeBy, kind);
    }
    // Which of today's kinds are which (a kind added later only has to say one: the scratch-kind test adds one).
    for (const kind of ["FaxLineUser", "FaxLineUserSet", "TeamMember", "TeamMemberSet", "TemplateAccess", "TemplateAccessSet"]) assert.ok(IDEMPOTENT_KINDS.has(kind), kind);
    for (const kind of ["ApiApp", "FaxLine", "Team", "Template"]) assert.ok(!IDEMPOTENT_KINDS.has(kind), kind);
  });
});
