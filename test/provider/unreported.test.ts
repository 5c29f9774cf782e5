/**
 * A value the service does not report is not a change (D129), per kind and field, in process:
 * the provider against the local service in its "sparse" response profile (fields left out or
 * null as the real service was seen to: service/http/response-profile.ts). Create, a refresh
 * (read) and the next preview's diff keep the declared value and show no difference; a value
 * the service does report differently (the "complete" profile) is still a difference.
 */
import * as assert from "assert";
import { ProviderHarness, type Props } from "./support/harness";
import { ndaTemplate } from "./support/fixtures";
import { reportedOrDeclared } from "../../provider/core/compare";

/** Create, refresh, then the diffs of the next preview against the created and the refreshed state. */
async function roundTrip(h: ProviderHarness, type: string, inputs: Props): Promise<{ outs: Props; refreshed: Props }> {
  h.nextRun();
  const made = await h.resource(type).create(inputs);
  h.nextRun();
  const read = await h.resource(type).read(made.id, made.outs);
  assert.strictEqual(read.id, made.id, `${type} read as gone`);
  const refreshed = read.props ?? {};
  for (const [state, olds] of Object.entries({ created: made.outs, refreshed })) {
    const diff = await h.resource(type).diff(made.id, olds, inputs);
    assert.strictEqual(diff.changes, false, `${type} (${state} state) differs: ${JSON.stringify(diff)}`);
  }
  return { outs: made.outs, refreshed };
}

describe("fast tier: a value the service does not report is not a change (sparse response profile)", () => {
  let h: ProviderHarness;
  before(async () => {
    h = await ProviderHarness.start({ templateProcessingMs: 0, responseProfile: "sparse" });
    await h.resource("Team").create({ name: "Ops" });
  });
  after(async () => h?.close());

  it("ApiApp: white_labeling_options left out keeps the declared options; no update on the next preview", async () => {
    const whiteLabelingOptions = { primaryButtonColor: "#112233", textColor1: "#445566" };
    const { outs, refreshed } = await roundTrip(h, "ApiApp", { name: "Labelled", domains: ["labelled.example.com"], whiteLabelingOptions });
    assert.deepStrictEqual(outs.whiteLabelingOptions, whiteLabelingOptions);
    assert.deepStrictEqual(refreshed.whiteLabelingOptions, whiteLabelingOptions);
  });

  it("ApiApp: a changed colour is still a change, sent once; the update's answer leaves it out and it is kept", async () => {
    const inputs = { name: "Recoloured", domains: ["recoloured.example.com"], whiteLabelingOptions: { primaryButtonColor: "#112233" } };
    const { outs } = await roundTrip(h, "ApiApp", inputs);
    const news = { ...inputs, whiteLabelingOptions: { primaryButtonColor: "#112233", textColor1: "#445566" } };
    const diff = await h.resource("ApiApp").diff(outs.clientId, outs, news);
    assert.strictEqual(diff.changes, true);
    const { result: updated, calls } = await h.counting(() => h.resource("ApiApp").update(outs.clientId, outs, news));
    assert.ok(calls.includes(`PUT /v3/api_app/${outs.clientId}`), calls.join(", "));
    assert.deepStrictEqual(updated.whiteLabelingOptions, news.whiteLabelingOptions);
    assert.strictEqual((await h.resource("ApiApp").diff(outs.clientId, updated, news)).changes, false);
  });

  it("ApiApp: options null keeps the declared options; no update on the next preview", async () => {
    const options = { canInsertEverywhere: true };
    const { outs, refreshed } = await roundTrip(h, "ApiApp", { name: "Optioned", domains: ["optioned.example.com"], options });
    assert.deepStrictEqual(outs.options, options);
    assert.deepStrictEqual(refreshed.options, options);
  });

  it("Template: signer roles with order null keep the declared order; no replacement on the next preview", async () => {
    const signerRoles = [
      { name: "Client", order: 0 },
      { name: "Witness", order: 1 },
    ];
    const { outs, refreshed } = await roundTrip(h, "Template", ndaTemplate({ signerRoles }));
    assert.deepStrictEqual(outs.signerRoles, signerRoles);
    assert.deepStrictEqual(refreshed.signerRoles, signerRoles);
    // The program's own change of an order is still one (a replacement, as before).
    const swapped = [
      { name: "Client", order: 1 },
      { name: "Witness", order: 0 },
    ];
    const diff = await h.resource("Template").diff(outs.templateId, refreshed, ndaTemplate({ signerRoles: swapped }));
    assert.deepStrictEqual(diff.replaces, ["signerRoles"]);
  });

  it("Template: a subject the service leaves out keeps the declared subject; no update on the next preview", async () => {
    const { refreshed } = await roundTrip(h, "Template", ndaTemplate({ subject: "Please sign" }));
    assert.strictEqual(refreshed.subject, "Please sign");
  });

  it("TeamMember: a team answer without invited_emails does not lose an invitation to an address without an account", async () => {
    const { outs, refreshed } = await roundTrip(h, "TeamMember", { emailAddress: "newcomer@example.com" });
    assert.strictEqual(outs.status, "invited");
    assert.strictEqual(refreshed.status, "invited");
  });

  it("TeamMemberSet: an invitee the team answer leaves out is on the set, and nothing is removed", async () => {
    await h.resource("TeamMember").create({ emailAddress: "setcomer@example.com" });
    const members = ["newcomer@example.com", "setcomer@example.com"];
    const { refreshed } = await roundTrip(h, "TeamMemberSet", { members });
    assert.deepStrictEqual([...refreshed.members].sort(), members);
    assert.deepStrictEqual(refreshed.removals ?? [], []);
  });
});

describe("fast tier: a value the service reports differently is a difference (complete response profile)", () => {
  let h: ProviderHarness;
  before(async () => (h = await ProviderHarness.start({ templateProcessingMs: 0 })));
  after(async () => h?.close());

  /** PUT /v3/api_app/{id} as the web UI would, outside the stack. */
  async function editApp(clientId: string, body: unknown): Promise<void> {
    const res = await fetch(`${h.svc.baseUrl}/api_app/${clientId}`, {
      method: "PUT",
      headers: { Authorization: `Basic ${Buffer.from(`${h.svc.apiKey}:`).toString("base64")}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    assert.strictEqual(res.status, 200, await res.text());
  }

  it("ApiApp: options and a white-labeling colour changed outside the stack read back as a change", async () => {
    const inputs = { name: "Drifting", domains: ["drifting.example.com"], options: { canInsertEverywhere: true }, whiteLabelingOptions: { primaryButtonColor: "#112233" } };
    const made = await h.resource("ApiApp").create(inputs);
    await editApp(made.id, { options: { can_insert_everywhere: false }, white_labeling_options: { primary_button_color: "#998877" } });
    h.nextRun();
    const refreshed = (await h.resource("ApiApp").read(made.id, made.outs)).props ?? {};
    assert.deepStrictEqual(refreshed.options, { canInsertEverywhere: false });
    assert.deepStrictEqual(refreshed.whiteLabelingOptions, { primaryButtonColor: "#998877" });
    const diff = await h.resource("ApiApp").diff(made.id, refreshed, inputs);
    assert.strictEqual(diff.changes, true);
    assert.deepStrictEqual(new Set(diff.replaces), new Set());
  });

  it("the rule: a reported part wins, a part left out or null takes the declared one", () => {
    assert.deepStrictEqual(reportedOrDeclared(null, { a: 1 }), { a: 1 });
    assert.deepStrictEqual(reportedOrDeclared(undefined, "s"), "s");
    assert.deepStrictEqual(reportedOrDeclared({ a: null, b: 2 }, { a: 1, b: 3 }), { a: 1, b: 2 });
    assert.deepStrictEqual(
      reportedOrDeclared(
        [{ name: "A" }, { name: "B", order: 5 }],
        [
          { name: "A", order: 0 },
          { name: "B", order: 1 },
        ],
      ),
      [
        { name: "A", order: 0 },
        { name: "B", order: 5 },
      ],
    );
    // A list of another length is as reported: the roles themselves differ.
    assert.deepStrictEqual(reportedOrDeclared([{ name: "A" }], [{ name: "A", order: 0 }, { name: "B" }]), [{ name: "A" }]);
    assert.strictEqual(reportedOrDeclared("reported", "declared"), "reported");
  });
});
