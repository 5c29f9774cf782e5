/**
 * ApiApp identity: an app is adopted only when the program asks (clientId, adopt: true), with a
 * warning naming it; a second stack never takes (and so never destroys) the first stack's app;
 * a create whose answer was lost keeps only the app it made. Where the service refuses a second
 * app of one name (the real one: "An app with the same name already exists"), the second stack
 * is told so in one line naming adopt, and no two apps can match.
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { warningsOf } from "../../support/identity";
import { refusesSameAppName } from "../../support/service-forms";

describe("provider (in process): ApiApp identity and adoption", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => h?.close());

  const portal = { name: "Portal", domains: ["portal.example.com"] };
  /** Every app in the service, straight from its state (the control plane: no faults). */
  const appsInService = async () => {
    const state = (await h.control("GET", "/state")).body;
    return Object.keys(state.tables?.api_apps ?? state.api_apps ?? {}).length;
  };

  it("a second stack with the same name and domains makes its own app (or, where names are unique, is told to adopt); its destroy leaves the first stack's", async () => {
    const apps = h.resource("ApiApp");
    const unique = await refusesSameAppName(h);
    const first = await apps.create(portal);
    h.nextRun(); // another stack, same account
    if (unique) {
      await assert.rejects(apps.create(portal), (e: Error) => /the account already has an app named "Portal" .* add adopt: true/.test(e.message) && !e.message.includes("\n"));
      assert.strictEqual(await appsInService(), 1, "the first stack's app, and only it");
      return;
    }
    const { result: second, warnings } = await warningsOf(() => apps.create(portal));
    assert.notStrictEqual(second.id, first.id, "the second stack's app is its own");
    assert.deepStrictEqual(warnings, []);
    h.nextRun(); // the second stack's destroy
    await apps.delete(second.id, second.outs);
    const read = await apps.read(first.id, first.outs);
    assert.strictEqual(read.id, first.id, "the first stack's app is still there");
  });

  it("adopt: true takes the caller's one matching app, with a warning naming it", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create(portal);
    h.nextRun();
    const { result, warnings } = await warningsOf(() => h.counting(() => apps.create({ ...portal, adopt: true })));
    assert.strictEqual(result.result.id, made.id);
    assert.ok(!result.calls.includes("POST /v3/api_app"), `no create: ${result.calls}`);
    assert.strictEqual(warnings.length, 1);
    assert.match(warnings[0], new RegExp(`^ApiApp adopted API app "Portal" \\(client id ${made.id}\\) \\(adopt: true`));
  });

  it("adopt: true refuses with one line when no app or several match", async () => {
    const apps = h.resource("ApiApp");
    await assert.rejects(apps.create({ ...portal, adopt: true }), (e: Error) => /adopt: true: there is no app of yours named "Portal"/.test(e.message) && !e.message.includes("\n"));
    if (await refusesSameAppName(h)) return; // two apps of one name cannot exist there
    await apps.create(portal);
    h.nextRun();
    await apps.create(portal);
    h.nextRun();
    await assert.rejects(apps.create({ ...portal, adopt: true }), /adopt: true: 2 apps match .* give the one to adopt as clientId/);
    assert.strictEqual(await appsInService(), 2, "nothing made");
  });

  it("two adopt: true resources of one run never take the same app", async () => {
    const apps = h.resource("ApiApp");
    await apps.create(portal);
    h.nextRun();
    await warningsOf(() => apps.create({ ...portal, adopt: true }));
    await assert.rejects(apps.create({ ...portal, adopt: true }), /does not already hold/);
  });

  it("clientId adopts with a warning; adopt is ignored by diff", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create(portal);
    h.nextRun();
    const { result, warnings } = await warningsOf(() => apps.create({ ...portal, clientId: made.id }));
    assert.strictEqual(result.id, made.id);
    assert.match(warnings.join("\n"), /clientId was given/);
    const diff = await apps.diff(made.id, result.outs, { ...portal, clientId: made.id, adopt: true });
    assert.strictEqual(diff.changes, false);
  });

  it("a create whose answer was lost keeps the app it made, and only that one", async () => {
    const apps = h.resource("ApiApp");
    // Another stack's app with the same name, where the service allows one.
    const other = (await refusesSameAppName(h)) ? undefined : await apps.create(portal);
    h.nextRun();
    await h.control("POST", "/faults", { method: "POST", path: "/api_app", drop: true, after: true, count: 1 });
    const { result, calls } = await h.counting(() => apps.create(portal));
    assert.notStrictEqual(result.id, other?.id, "not the other stack's app");
    assert.strictEqual(calls.filter((c) => c === "POST /v3/api_app").length, 1, `sent once: ${calls}`);
    assert.strictEqual(await appsInService(), other ? 2 : 1, "no duplicate");
  });

  it("when the look after a lost answer fails too, the error says the app may exist and how to take it over", async () => {
    await h.control("POST", "/faults", { method: "GET", path: "/api_app/list", delay_ms: 1, count: 1 }); // the read before sending
    await h.control("POST", "/faults", { method: "GET", path: "/api_app/list", status: 503, count: 4 });
    await h.control("POST", "/faults", { method: "POST", path: "/api_app", drop: true, after: true, count: 1 });
    await assert.rejects(
      h.resource("ApiApp").create(portal),
      (e: Error) => /got no answer .* the app may exist: .* add adopt: true \(or its clientId\) before the next up/.test(e.message) && !e.message.includes("\n"),
    );
  });
});
