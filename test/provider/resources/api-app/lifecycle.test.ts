/**
 * ApiApp's provider in process (fast tier): check, every rules-table entry of diff, create /
 * read / update / delete with the requests each makes, reads in bulk, claims. Adoption by name
 * is left to identity.test.ts beside this file (it is changing).
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ProviderHarness, type Created } from "../../support/harness";
import { assertCheckCases, assertRuleTable, UNKNOWN } from "../../support/rules-table";
import { writes } from "../../support/calls";

const base = { name: "Portal", domains: ["portal.example.com"] };

describe("fast tier: ApiApp", () => {
  let h: ProviderHarness;
  let logo: string;
  let logoCopy: string;
  let otherLogo: string;
  before(async () => {
    h = (await ProviderHarness.start()).ignoringPinRead();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-logo-"));
    [logo, logoCopy, otherLogo] = ["logo.png", "copy.png", "other.png"].map((f) => path.join(dir, f));
    fs.writeFileSync(logo, "png one");
    fs.writeFileSync(logoCopy, "png one");
    fs.writeFileSync(otherLogo, "png two");
  });
  after(async () => h?.close());

  it("check names the property and the rule of every broken input, without a request", async () => {
    await assertCheckCases(h, "ApiApp", base, [
      { title: "no name", inputs: { domains: base.domains }, property: "name", reason: /is required/ },
      { title: "no domains", inputs: { name: "P" }, property: "domains", reason: /is required/ },
      { title: "empty domains", inputs: { name: "P", domains: [] }, property: "domains", reason: /at least 1/ },
      { title: "11 domains", inputs: { name: "P", domains: Array.from({ length: 11 }, (_, i) => `d${i}.example.com`) }, property: "domains", reason: /at most 10/ },
      { title: "a callback that is no URL", inputs: { ...base, callbackUrl: "not a url" }, property: "callbackUrl", reason: /URL/ },
      { title: "an unknown OAuth scope", inputs: { ...base, oauth: { callbackUrl: "https://portal.example.com/cb", scopes: ["nope"] } }, property: "oauth.scopes[0]", reason: /must be one of/ },
      { title: "a colour that is no hex code", inputs: { ...base, whiteLabelingOptions: { primaryButtonColor: "red" } }, property: "whiteLabelingOptions.primaryButtonColor", reason: /hex color/ },
      { title: "a logo that cannot be read", inputs: { ...base, customLogoFile: "/nonexistent/logo.png" }, property: "customLogoFile", reason: /readable file/ },
    ]);
    // A value unknown at preview is checked at `up`, not refused now.
    assert.deepStrictEqual((await h.resource("ApiApp").check({ ...base, callbackUrl: UNKNOWN })).failures, []);
  });

  describe("with an app", () => {
    let app: Created;
    const inputs = { ...base, customLogoFile: "", oauth: { callbackUrl: "https://portal.example.com/cb", scopes: ["basic_account_info", "request_signature"] } };
    before(async () => {
      h.nextRun();
      inputs.customLogoFile = logo;
      const { result, calls } = await h.counting(() => h.resource("ApiApp").create(inputs));
      app = result;
      assert.deepStrictEqual(writes(calls), ["POST /v3/api_app"]);
    });

    it("create answers the client id as id and the OAuth secret as an output", () => {
      assert.strictEqual(app.outs.clientId, app.id);
      assert.match(String(app.outs.oauthSecret), /\S{8,}/);
      assert.deepStrictEqual(app.outs.domains, ["portal.example.com"]);
    });

    it("diff: every rules-table entry replaces, updates or is ignored as declared; equal forms are no change", async () => {
      await assertRuleTable(h, "ApiApp", app, inputs, {
        changes: {
          clientId: { set: { clientId: "another-app" }, expect: "replace" },
          adopt: { set: { adopt: true }, expect: "ignore" },
          name: { set: { name: "Portal 2" }, expect: "update" },
          domains: { set: { domains: ["other.example.com"] }, expect: "update" },
          callbackUrl: { set: { callbackUrl: "https://portal.example.com/events" }, expect: "update" },
          oauth: { set: { oauth: { callbackUrl: "https://portal.example.com/cb", scopes: ["basic_account_info"] } }, expect: "update" },
          options: { set: { options: { canInsertEverywhere: true } }, expect: "update" },
          whiteLabelingOptions: { set: { whiteLabelingOptions: { primaryButtonColor: "#112233" } }, expect: "update" },
          customLogoFile: { set: { customLogoFile: logoCopy }, expect: "ignore" },
          customLogoFileHash: { set: { customLogoFile: otherLogo }, expect: "update" },
        },
        same: [
          { title: "domains in another case", set: { domains: ["PORTAL.example.com"] } },
          { title: "OAuth scopes in another order", set: { oauth: { callbackUrl: "https://portal.example.com/cb", scopes: ["request_signature", "basic_account_info"] } } },
          { title: "the same logo at another path", set: { customLogoFile: logoCopy } },
        ],
      });
      const unknown = await h.resource("ApiApp").diff(app.id, app.outs, { ...inputs, name: UNKNOWN });
      assert.deepStrictEqual([unknown.changes, unknown.replaces], [true, []], "an unknown name is an update at preview");
    });

    it("update changes only what changed, in one PUT", async () => {
      const news = { ...inputs, name: "Portal 2" };
      const { result, calls } = await h.counting(() => h.resource("ApiApp").update(app.id, app.outs, news));
      assert.deepStrictEqual(calls, [`PUT /v3/api_app/${app.id}`]);
      assert.strictEqual(result.name, "Portal 2");
      app = { id: app.id, outs: result };
    });

    it("read finds a change made outside Pulumi", async () => {
      h.nextRun();
      await h.control("PATCH", `/api_apps/${app.id}`, { name: "Renamed in the web UI" });
      const read = await h.resource("ApiApp").read(app.id, app.outs);
      assert.strictEqual(read.props?.name, "Renamed in the web UI");
      assert.strictEqual(read.inputs?.name, "Renamed in the web UI");
    });
  });

  it("refresh of N apps reads the app list once, not once per app", async () => {
    h.nextRun();
    const apps: Created[] = [];
    for (let i = 0; i < 5; i++) apps.push(await h.resource("ApiApp").create({ name: `Bulk ${i}`, domains: [`bulk${i}.example.com`] }));
    h.nextRun();
    const { calls } = await h.counting(() => Promise.all(apps.map((a) => h.resource("ApiApp").read(a.id, a.outs))));
    assert.deepStrictEqual(calls, ["GET /v3/api_app/list"]);
  });

  it("delete removes the app in one request; a second delete finds it gone and succeeds", async () => {
    h.nextRun();
    const app = await h.resource("ApiApp").create({ name: "Doomed", domains: ["doomed.example.com"] });
    h.nextRun();
    const { calls } = await h.counting(() => h.resource("ApiApp").delete(app.id, app.outs));
    assert.deepStrictEqual(calls, [`DELETE /v3/api_app/${app.id}`]);
    assert.strictEqual((await h.resource("ApiApp").read(app.id, app.outs)).id, "", "read reports it gone");
    h.nextRun();
    await h.resource("ApiApp").delete(app.id, app.outs);
  });

  it("claims: a create that adopts an app (clientId) keeps it from the old name's delete in the same run", async () => {
    h.nextRun();
    const old = await h.resource("ApiApp").create({ name: "Renamed", domains: ["renamed.example.com"] });
    h.nextRun(); // the rename's `up`: create of the new name, then delete of the old
    await h.resource("ApiApp").create({ name: "Renamed", domains: ["renamed.example.com"], clientId: old.id });
    const { calls } = await h.counting(() => h.resource("ApiApp").delete(old.id, old.outs));
    assert.deepStrictEqual(calls, [], "the delete leaves the service alone");
    assert.strictEqual((await h.resource("ApiApp").read(old.id, old.outs)).id, old.id, "the app still exists");
  });
});
