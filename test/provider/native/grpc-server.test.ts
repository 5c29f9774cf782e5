/**
 * The plugin's own gRPC server (provider/native/grpc/, DECISIONS D118) over real HTTP/2, with
 * grpc-js and the SDK's generated client as the engine's stand-in: each ResourceProvider call,
 * a partial failure's details, UNIMPLEMENTED for the calls the plugin does not serve, an
 * import's read without property structs, Configure with args and with variables only.
 */
import * as assert from "assert";
import { spawnSync } from "child_process";
import * as path from "path";
import type * as provider from "@pulumi/pulumi/provider";
import { decode } from "../../../provider/native/grpc/codec";
import { constructError } from "../../../provider/native/grpc/construct";
import { StatusSchema } from "../../../provider/native/grpc/gen/google/protobuf/status_pb";
import { ErrorResourceInitFailedSchema } from "../../../provider/native/grpc/gen/pulumi/provider_pb";
import { KeyFingerprints } from "../../../provider/deployment/key-fingerprint";
import { resourceProviderHandlers } from "../../../provider/native/grpc/resource-provider";
import { listen, percentEncode, type GrpcServer } from "../../../provider/native/grpc/server";
import { servePlugin } from "../../../provider/native/lazy-start";
import { isSecret } from "../../../provider/native/secrets";

const grpc = require("@grpc/grpc-js");
const provrpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const provproto = require("@pulumi/pulumi/proto/provider_pb");
const plugproto = require("@pulumi/pulumi/proto/plugin_pb");
const structproto = require("google-protobuf/google/protobuf/struct_pb");
const emptyproto = require("google-protobuf/google/protobuf/empty_pb");

const struct = (o: unknown) => structproto.Struct.fromJavaScript(o);
const URN = "urn:pulumi:dev::p::esign:index:Template::t";

/** A provider that records its calls and answers by its inputs. */
function recordingProvider(calls: unknown[][]): provider.Provider {
  return {
    version: "9.8.7",
    getSchema: async () => '{"name":"esign"}',
    async check(urn, olds, news) {
      calls.push(["check", urn, olds, news]);
      return news.bad ? { inputs: news, failures: [{ property: "bad", reason: "is bad" }] } : { inputs: { ...news, checked: true } };
    },
    async diff(id, _urn, olds, news) {
      calls.push(["diff", id, olds, news]);
      const changes = news.changes === "unknown" ? undefined : news.changes === "some";
      return { changes, replaces: news.replace ? ["title"] : [], deleteBeforeReplace: !!news.replace };
    },
    async create(_urn, inputs) {
      calls.push(["create", inputs]);
      if (inputs.fail === "partial") throw Object.assign(new Error("made it, but could not finish"), { id: "half-1", properties: { a: 1 }, reasons: ["not ready"] });
      if (inputs.fail) throw new Error("refused: ü 100%");
      return { id: "id-1", outs: { ...inputs, made: true } };
    },
    async read(id, _urn, props) {
      calls.push(["read", id, props]);
      return { id, props: { seen: id }, inputs: id === "with-inputs" ? { title: "x" } : undefined };
    },
    async update(id, _urn, olds, news) {
      calls.push(["update", id, olds, news]);
      if (news.fail) throw Object.assign(new Error("half-updated"), { id, properties: news });
      return { outs: { ...news, updated: true } };
    },
    async delete(id, _urn, props) {
      calls.push(["delete", id, props]);
    },
    async invoke(token, inputs) {
      calls.push(["invoke", token, inputs]);
      return token === "esign:index:bad" ? { failures: [{ property: "x", reason: "no" }] } : { outputs: { echo: inputs } };
    },
  };
}

function call(client: any, method: string, request: any): Promise<any> {
  return new Promise((resolve, reject) => client[method](request, (error: any, response: any) => (error ? reject(error) : resolve(response))));
}

describe("native plugin: its gRPC server (over HTTP/2, grpc-js as the client)", () => {
  const calls: unknown[][] = [];
  const configured: { get: (k: string) => string | undefined; env: NodeJS.ProcessEnv; holder: unknown }[] = [];
  const attached: string[] = [];
  let server: GrpcServer;
  let client: any;

  before(async () => {
    const handlers = resourceProviderHandlers({
      provider: recordingProvider(calls),
      config: { configure: ({ get, env, holder }) => configured.push({ get, env: env ?? {}, holder }), verified: new Map(), keys: new KeyFingerprints() },
      attach: (a) => attached.push(a),
    });
    server = await listen("pulumirpc.ResourceProvider", handlers);
    client = new provrpc.ResourceProviderClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  });
  after(async () => {
    client?.close();
    await server?.close();
  });
  beforeEach(() => {
    calls.length = 0;
    configured.length = 0;
  });

  it("GetPluginInfo, GetSchema (version 0 only), Attach and Cancel", async () => {
    assert.strictEqual((await call(client, "getPluginInfo", new emptyproto.Empty())).getVersion(), "9.8.7");
    const schema = new provproto.GetSchemaRequest();
    assert.strictEqual((await call(client, "getSchema", schema)).getSchema(), '{"name":"esign"}');
    schema.setVersion(3);
    await assert.rejects(call(client, "getSchema", schema), (e: any) => e.code === grpc.status.UNKNOWN && e.details === "unsupported schema version 3");
    const attach = new plugproto.PluginAttach();
    attach.setAddress("127.0.0.1:4444");
    await call(client, "attach", attach);
    assert.deepStrictEqual(attached, ["127.0.0.1:4444"]);
    assert.ok(await call(client, "cancel", new emptyproto.Empty()));
  });

  it("Check: the provider's inputs, or its failures; olds and news as plain JSON", async () => {
    const req = new provproto.CheckRequest();
    req.setUrn(URN);
    req.setOlds(struct({ old: [1, null] }));
    req.setNews(struct({ title: "t", n: 2 }));
    const resp = await call(client, "check", req);
    assert.deepStrictEqual(resp.getInputs().toJavaScript(), { checked: true, n: 2, title: "t" });
    assert.deepStrictEqual(calls[0], ["check", URN, { old: [1, null] }, { n: 2, title: "t" }]);
    req.setNews(struct({ bad: true }));
    const failed = await call(client, "check", req);
    assert.deepStrictEqual(
      failed.getFailuresList().map((f: any) => [f.getProperty(), f.getReason()]),
      [["bad", "is bad"]],
    );
  });

  it("Diff: true/false/undefined as DIFF_SOME/NONE/UNKNOWN, replaces and delete-before-replace", async () => {
    const diff = async (news: object) => {
      const req = new provproto.DiffRequest();
      req.setId("id-1");
      req.setUrn(URN);
      req.setOlds(struct({}));
      req.setNews(struct(news));
      return call(client, "diff", req);
    };
    const { DIFF_SOME, DIFF_NONE, DIFF_UNKNOWN } = provproto.DiffResponse.DiffChanges;
    assert.strictEqual((await diff({ changes: "some" })).getChanges(), DIFF_SOME);
    assert.strictEqual((await diff({ changes: "none" })).getChanges(), DIFF_NONE);
    assert.strictEqual((await diff({ changes: "unknown" })).getChanges(), DIFF_UNKNOWN);
    const replace = await diff({ changes: "some", replace: true });
    assert.deepStrictEqual(replace.getReplacesList(), ["title"]);
    assert.strictEqual(replace.getDeletebeforereplace(), true);
  });

  it("Create: the id and outputs; a failure is UNKNOWN with its message, percent-encoded on the wire", async () => {
    const req = new provproto.CreateRequest();
    req.setUrn(URN);
    req.setProperties(struct({ title: "t" }));
    const resp = await call(client, "create", req);
    assert.strictEqual(resp.getId(), "id-1");
    assert.deepStrictEqual(resp.getProperties().toJavaScript(), { made: true, title: "t" });
    req.setProperties(struct({ fail: true }));
    await assert.rejects(call(client, "create", req), (e: any) => e.code === grpc.status.UNKNOWN && e.details === "refused: ü 100%" && !e.metadata.get("grpc-status-details-bin").length);
    assert.strictEqual(percentEncode("a ü 100%\n"), "a %C3%BC 100%25%0A");
  });

  it("Create and Update that made the resource but failed: ErrorResourceInitFailed in grpc-status-details-bin", async () => {
    const req = new provproto.CreateRequest();
    req.setUrn(URN);
    req.setProperties(struct({ fail: "partial" }));
    const error: any = await call(client, "create", req).catch((e) => e);
    assert.strictEqual(error.code, grpc.status.UNKNOWN);
    assert.strictEqual(error.details, "made it, but could not finish");
    const status = decode(StatusSchema, error.metadata.get("grpc-status-details-bin")[0]);
    assert.strictEqual(status.code, grpc.status.UNKNOWN);
    assert.strictEqual(status.details[0].typeUrl, "type.googleapis.com/pulumirpc.ErrorResourceInitFailed");
    const detail = provproto.ErrorResourceInitFailed.deserializeBinary(new Uint8Array(status.details[0].value));
    assert.deepStrictEqual([detail.getId(), detail.getProperties().toJavaScript(), detail.getReasonsList()], ["half-1", { a: 1 }, ["not ready"]]);

    const update = new provproto.UpdateRequest();
    update.setId("u-1");
    update.setUrn(URN);
    update.setOlds(struct({}));
    update.setNews(struct({ fail: true }));
    const updateError: any = await call(client, "update", update).catch((e) => e);
    const updateStatus = decode(StatusSchema, updateError.metadata.get("grpc-status-details-bin")[0]);
    assert.strictEqual(decode(ErrorResourceInitFailedSchema, updateStatus.details[0].value).id, "u-1");
  });

  it("Read: an import's read without property structs reaches the provider as {}; inputs returned when given", async () => {
    const req = new provproto.ReadRequest();
    req.setId("imported-1");
    req.setUrn(URN);
    const resp = await call(client, "read", req);
    assert.deepStrictEqual(calls[0], ["read", "imported-1", {}]);
    assert.deepStrictEqual(resp.getProperties().toJavaScript(), { seen: "imported-1" });
    assert.strictEqual(resp.getInputs(), undefined);
    req.setId("with-inputs");
    assert.deepStrictEqual((await call(client, "read", req)).getInputs().toJavaScript(), { title: "x" });
  });

  it("Update, Delete and Invoke", async () => {
    const update = new provproto.UpdateRequest();
    update.setId("u-1");
    update.setUrn(URN);
    update.setOlds(struct({ a: 1 }));
    update.setNews(struct({ a: 2 }));
    assert.deepStrictEqual((await call(client, "update", update)).getProperties().toJavaScript(), { a: 2, updated: true });
    const del = new provproto.DeleteRequest();
    del.setId("u-1");
    del.setUrn(URN);
    await call(client, "delete", del);
    assert.deepStrictEqual(calls.at(-1), ["delete", "u-1", {}]);
    const invoke = new provproto.InvokeRequest();
    invoke.setTok("esign:index:getThing");
    invoke.setArgs(struct({ q: [true] }));
    assert.deepStrictEqual((await call(client, "invoke", invoke)).getReturn().toJavaScript(), { echo: { q: [true] } });
    invoke.setTok("esign:index:bad");
    const bad = await call(client, "invoke", invoke);
    assert.deepStrictEqual(bad.getReturn().toJavaScript(), {});
    assert.strictEqual(bad.getFailuresList()[0].getReason(), "no");
  });

  it("answers UNIMPLEMENTED (12) for the calls it does not serve", async () => {
    for (const [method, request] of [
      ["handshake", new provproto.ProviderHandshakeRequest()],
      ["getMapping", new provproto.GetMappingRequest()],
      ["getMappings", new provproto.GetMappingsRequest()],
      ["parameterize", new provproto.ParameterizeRequest()],
      ["call", new provproto.CallRequest()],
      ["construct", new provproto.ConstructRequest()],
    ] as const) {
      await assert.rejects(call(client, method, request), (e: any) => e.code === grpc.status.UNIMPLEMENTED, method);
    }
  });

  it("CheckConfig and DiffConfig by the settings' rules; Configure with args, and with variables only", async () => {
    const check = new provproto.CheckRequest();
    check.setUrn("urn:pulumi:dev::p::pulumi:providers:esign::eu");
    check.setNews(struct({ apiKey: "k-1", maxConcurrency: 0 }));
    const checked = await call(client, "checkConfig", check);
    assert.ok(isSecret(checked.getInputs().toJavaScript().apiKey), "the key is stored as a secret");
    assert.deepStrictEqual(
      checked.getFailuresList().map((f: any) => f.getProperty()),
      ["maxConcurrency"],
    );
    const diff = new provproto.DiffRequest();
    diff.setUrn(check.getUrn());
    diff.setOlds(struct({ apiKey: "a" }));
    diff.setNews(struct({ apiKey: "b" }));
    const diffed = await call(client, "diffConfig", diff);
    assert.strictEqual(diffed.getChanges(), provproto.DiffResponse.DiffChanges.DIFF_SOME);
    assert.deepStrictEqual(diffed.getReplacesList(), []);
    assert.ok(diffed.getDiffsList().includes("apiKey"));

    const withArgs = new provproto.ConfigureRequest();
    withArgs.setName("eu");
    withArgs.setArgs(struct({ apiKey: "k-args", baseUrl: "http://127.0.0.1:1/v3" }));
    const resp = await call(client, "configure", withArgs);
    assert.deepStrictEqual([resp.getAcceptsecrets(), resp.getAcceptresources(), resp.getAcceptoutputs()], [true, true, true]);
    assert.strictEqual(configured[0].get("esign:apiKey"), "k-args");
    assert.deepStrictEqual(configured[0].holder, { explicit: "eu" });
    assert.deepStrictEqual(configured[0].env, {}, "an explicit provider does not fall back to the environment");

    const withVariables = new provproto.ConfigureRequest();
    withVariables.getVariablesMap().set("esign:config:apiKey", "k-vars").set("esign:config:baseUrl", "http://127.0.0.1:2/v3");
    await call(client, "configure", withVariables);
    assert.strictEqual(configured[1].get("esign:apiKey"), "k-vars");
    assert.strictEqual(configured[1].get("esign:baseUrl"), "http://127.0.0.1:2/v3");
    assert.deepStrictEqual(configured[1].holder, {});
  });
});

describe("native plugin: the served plugin (servePlugin)", () => {
  it("answers GetPluginInfo with the package's version and GetSchema with the provider's schema", async () => {
    const server = await servePlugin("1.2.3", []);
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    try {
      assert.strictEqual((await call(client, "getPluginInfo", new emptyproto.Empty())).getVersion(), "1.2.3");
      assert.strictEqual(JSON.parse((await call(client, "getSchema", new provproto.GetSchemaRequest())).getSchema()).name, "esign");
    } finally {
      client.close();
      await server.close();
    }
  });
});

describe("native plugin: an error nothing caught", () => {
  it("is logged with its stack, the plugin keeps serving, and the exit code is 1", () => {
    const script = `
      require("./provider/native/lazy-start").startPlugin();
      setTimeout(() => { throw new Error("boom, uncaught"); }, 100);
      setTimeout(() => Promise.reject(new Error("rejected, unhandled")), 150);
      setTimeout(() => console.log("still serving"), 1000);
      setTimeout(() => process.exit(), 1500);
    `;
    const root = path.resolve(__dirname, "..", "..", "..");
    const run = spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: root, encoding: "utf8" });
    assert.match(run.stdout, /^\d+\nstill serving\n$/, "the port line first; the process lives on");
    assert.match(run.stderr, /Error: boom, uncaught\n\s+at /);
    assert.match(run.stderr, /Error: rejected, unhandled/);
    assert.strictEqual(run.status, 1);
  });
});

describe("native plugin: Construct's errors, as the SDK's server makes them", () => {
  it("an InputPropertiesError is INVALID_ARGUMENT with its properties' errors as details; others pass unchanged", () => {
    const { InputPropertiesError, InputPropertyError } = require("@pulumi/pulumi/errors");
    const errorproto = require("@pulumi/pulumi/proto/errors_pb");
    const e: any = constructError(new InputPropertiesError({ message: "bad inputs", errors: [{ propertyPath: "text", reason: "give text or path" }] }));
    assert.strictEqual(e.code, grpc.status.INVALID_ARGUMENT);
    assert.strictEqual(e.message, "bad inputs");
    const status = decode(StatusSchema, e.statusDetails);
    assert.strictEqual(status.details[0].typeUrl, "type.googleapis.com/pulumirpc.InputPropertiesError");
    const details = errorproto.InputPropertiesError.deserializeBinary(new Uint8Array(status.details[0].value));
    assert.deepStrictEqual(
      details.getErrorsList().map((x: any) => [x.getPropertyPath(), x.getReason()]),
      [["text", "give text or path"]],
    );
    const one: any = constructError(new InputPropertyError({ propertyPath: "path", reason: "not found" }));
    assert.strictEqual(one.code, grpc.status.INVALID_ARGUMENT);
    const plain = new Error("plain");
    assert.strictEqual(constructError(plain), plain);
  });
});
