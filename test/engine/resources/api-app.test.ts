/**
 * ApiApp through the real engine against the local service: the whole lifecycle, a preview
 * that makes no request, set semantics of domains, drift found by refresh, the OAuth secret
 * and the API key kept out of state, bad input failing at preview, and adoption.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

describe("engine: ApiApp", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let args: esign.ApiAppArgs;

  before(async () => {
    svc = await localService();
    args = {
      name: "Portal",
      domains: ["a.example.com", "b.example.com"],
      callbackUrl: "https://a.example.com/events",
      oauth: { callbackUrl: "https://a.example.com/oauth", scopes: ["basic_account_info", "request_signature"] },
    };
    t = await newStack(
      "api-app",
      () => {
        const app = new esign.ApiApp("portal", args);
        return { clientId: app.clientId, oauthSecret: app.oauthSecret };
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("previews with zero requests, creates, then sees no change", async () => {
    let seq = await svc.lastSeq();
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.create, 2);
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "preview makes no API request");

    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 2 });
    const clientId = up.outputs.clientId.value;
    const app = (await api(svc).get(`/api_app/${clientId}`)).data.api_app;
    assert.strictEqual(app.name, "Portal");
    assert.deepStrictEqual([...app.domains].sort(), ["a.example.com", "b.example.com"]);

    seq = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "an unchanged preview makes no API request");
  });

  it("compares domains as a set", async () => {
    args = { ...args, domains: ["B.example.com", "a.example.com"] };
    await t.stack.preview({ expectNoChanges: true });
  });

  it("updates the name and domains in place", async () => {
    args = { ...args, name: "Portal v2", domains: ["a.example.com", "c.example.com"] };
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.update, 1);
    assert.ok(!preview.changeSummary.replace && !preview.changeSummary.create, "no replace");
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { update: 1 });
    const app = (await api(svc).get(`/api_app/${up.outputs.clientId.value}`)).data.api_app;
    assert.strictEqual(app.name, "Portal v2");
    assert.deepStrictEqual([...app.domains].sort(), ["a.example.com", "c.example.com"]);
  });

  it("finds an edit made outside Pulumi with refresh, and puts it back", async () => {
    const clientId = (await t.stack.outputs()).clientId.value;
    await svc.control("PATCH", `/api_apps/${clientId}`, { name: "Renamed in the web UI" });
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.resourceChanges?.update, 1);
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.update, 1, "the program's name is applied again");
    await t.stack.up();
    assert.strictEqual((await api(svc).get(`/api_app/${clientId}`)).data.api_app.name, "Portal v2");
  });

  it("keeps the API key and the OAuth secret out of state in plain text", async () => {
    const outputs = await t.stack.outputs();
    assert.ok(outputs.oauthSecret.secret, "oauthSecret is a secret output");
    const secret = outputs.oauthSecret.value as string;
    assert.ok(secret && secret.length > 8);
    const state = await t.exportText();
    assert.ok(state.includes("ciphertext"), "secrets are stored encrypted");
    assert.ok(!state.includes(secret), "the OAuth secret is not in the state in plain text");
    assert.ok(!state.includes(svc.apiKey), "the API key is not in the state in plain text");
  });

  it("clears OAuth when the program removes it", async () => {
    const { oauth: _removed, ...withoutOAuth } = args;
    args = withoutOAuth;
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { update: 1 });
    assert.strictEqual((await api(svc).get(`/api_app/${up.outputs.clientId.value}`)).data.api_app.oauth, null);
    await t.stack.preview({ expectNoChanges: true });
  });

  it("rejects bad input at preview, naming the property, with zero requests", async () => {
    const good = args;
    args = { ...args, domains: Array.from({ length: 11 }, (_, i) => `d${i}.example.com`) };
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => /domains/.test(e.message) && /at most 10/.test(e.message));
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    args = good;
  });

  it("destroys the app", async () => {
    const clientId = (await t.stack.outputs()).clientId.value;
    const destroyed = await t.stack.destroy();
    assert.deepStrictEqual(changes(destroyed.summary), { delete: 2 });
    assert.strictEqual((await api(svc).get(`/api_app/${clientId}`)).status, 404);
  });
});

describe("engine: ApiApp adoption", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    svc = await localService();
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("takes over an existing app instead of creating one, with an engine warning naming it", async () => {
    const made = await api(svc).post("/api_app", { name: "Existing", domains: ["x.example.com"] });
    assert.strictEqual(made.status, 201);
    const clientId = made.data.api_app.client_id;
    t = await newStack(
      "api-app-adopt",
      () => {
        const app = new esign.ApiApp("existing", { clientId, name: "Existing", domains: ["x.example.com"] });
        return { clientId: app.clientId };
      },
      { config: svc.stackConfig() },
    );
    const seq = await svc.lastSeq();
    let output = "";
    const up = await t.stack.up({ onOutput: (s) => (output += s) });
    assert.strictEqual(up.outputs.clientId.value, clientId);
    assert.match(output, new RegExp(`warning: esign: ApiApp adopted API app "Existing" \\(client id ${clientId}\\) \\(clientId was given\\)`));
    const writes = (await svc.requestsSince(seq)).filter((r) => r.method !== "GET");
    assert.deepStrictEqual(writes, [], "adoption of an identical app makes no write");
    const list = (await api(svc).get("/api_app/list")).data;
    assert.strictEqual(list.list_info.num_results, 1);
    await t.stack.preview({ expectNoChanges: true });
  });
});
