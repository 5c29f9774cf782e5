/**
 * The plugin's gRPC server at its limits (provider/native/grpc/server.ts, DECISIONS D136), over
 * real HTTP/2 with grpc-js as the client: messages of 5 and 50 MB each way, an error and a
 * partial failure whose trailers are over Node's 64 KiB header block (with the object's id), a
 * partial failure too large for any trailer that still carries the id, a receive limit answered
 * RESOURCE_EXHAUSTED, 200 calls at once under the stream bound, a call cancelled mid-way, method
 * paths that name Object.prototype's members, handlers that throw, and Attach after Configure.
 *
 * A Node.js client (grpc-js) cannot read one header field over 64 KiB (nghttp2's inflater
 * refuses it, whatever its settings), so the 1 MiB error and partial failure are shown reaching
 * the engine (grpc-go takes 16 MiB) in test/engine/native/plugin.test.ts.
 */
import * as assert from "assert";
import type * as provider from "@pulumi/pulumi/provider";
import { decode, encode } from "../../../provider/native/grpc/codec";
import { StatusSchema } from "../../../provider/native/grpc/gen/google/protobuf/status_pb";
import { PluginAttachSchema } from "../../../provider/native/grpc/gen/pulumi/plugin_pb";
import * as pb from "../../../provider/native/grpc/gen/pulumi/provider_pb";
import { KeyFingerprints } from "../../../provider/deployment/key-fingerprint";
import { resourceError, resourceProviderHandlers } from "../../../provider/native/grpc/resource-provider";
import { listen, MAX_DETAILS_BYTES, type GrpcServer, type UnaryHandler } from "../../../provider/native/grpc/server";
import { servePlugin } from "../../../provider/native/lazy-start";
import { ProviderHarness } from "../support/harness";

const grpc = require("@grpc/grpc-js");
const provrpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const provproto = require("@pulumi/pulumi/proto/provider_pb");
const structproto = require("google-protobuf/google/protobuf/struct_pb");

const URN = "urn:pulumi:dev::p::esign:index:Template::t";
const MiB = 1024 * 1024;
/** As the engine dials plugins: Pulumi's 400 MiB each way. */
const CLIENT_OPTIONS = { "grpc.max_receive_message_length": 400 * MiB, "grpc.max_send_message_length": 400 * MiB };

function call(client: any, method: string, request: any): Promise<any> {
  return new Promise((resolve, reject) => client[method](request, (error: any, response: any) => (error ? reject(error) : resolve(response))));
}

/** A raw unary call of any path: the request's bytes in, the error or the response's bytes out. */
function rawCall(client: any, path: string, request: Buffer): Promise<Buffer> {
  const same = (b: Buffer) => b;
  return new Promise((resolve, reject) => client.makeUnaryRequest(path, same, same, request, (error: any, response: Buffer) => (error ? reject(error) : resolve(response))));
}

const createRequest = (properties: object) => {
  const req = new provproto.CreateRequest();
  req.setUrn(URN);
  req.setProperties(structproto.Struct.fromJavaScript(properties));
  return req;
};

/** The partial failure in an error's grpc-status-details-bin, as the engine reads it. */
function initFailed(error: any) {
  const [bin] = error.metadata.get("grpc-status-details-bin");
  assert.ok(bin, "the error carries grpc-status-details-bin");
  const status = decode(StatusSchema, bin);
  assert.strictEqual(status.details[0].typeUrl, "type.googleapis.com/pulumirpc.ErrorResourceInitFailed");
  return { status, detail: decode(pb.ErrorResourceInitFailedSchema, status.details[0].value) };
}

describe("native plugin: its gRPC server at its limits", function () {
  this.timeout(180_000);
  const bigText = (bytes: number, ch = "x") => ch.repeat(bytes);
  const echoing: provider.Provider = {
    version: "1.0.0",
    async create(_urn, inputs) {
      if (inputs.fail === "error") throw new Error(`refused: ${bigText(50_000)} ü`);
      if (inputs.fail === "partial") throw Object.assign(new Error(`half made: ${bigText(40_000)}`), { id: "tmpl-1", properties: { title: "t" }, reasons: ["not ready"] });
      return { id: "id-1", outs: { ...inputs, made: true } };
    },
  };
  let server: GrpcServer;
  let client: any;
  before(async () => {
    server = await listen(
      "pulumirpc.ResourceProvider",
      resourceProviderHandlers({ provider: echoing, config: { configure: () => {}, verified: new Map(), keys: new KeyFingerprints() }, attach: () => {} }),
    );
    client = new provrpc.ResourceProviderClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure(), CLIENT_OPTIONS);
  });
  after(async () => {
    client?.close();
    await server?.close();
  });

  for (const mb of [5, 50]) {
    it(`a ${mb} MB request and its ${mb} MB response`, async () => {
      const blob = bigText(mb * 1000 * 1000);
      const resp = await call(client, "create", createRequest({ blob, list: [1, "two", null] }));
      const outs = resp.getProperties().toJavaScript();
      assert.strictEqual(outs.blob.length, blob.length);
      assert.ok(outs.blob === blob, "the value arrives intact");
      assert.deepStrictEqual([outs.made, outs.list], [true, [1, "two", null]]);
    });
  }

  it("a long error message arrives whole", async () => {
    const error: any = await call(client, "create", createRequest({ fail: "error" })).catch((e) => e);
    assert.strictEqual(error.code, grpc.status.UNKNOWN);
    assert.strictEqual(error.details, `refused: ${bigText(50_000)} ü`);
  });

  it("a partial failure whose trailers are over Node's 64 KiB header block arrives whole, with the object's id", async () => {
    const error: any = await call(client, "create", createRequest({ fail: "partial" })).catch((e) => e);
    assert.strictEqual(error.code, grpc.status.UNKNOWN);
    assert.ok(error.details.length + error.metadata.get("grpc-status-details-bin")[0].length * (4 / 3) > 64 * 1024, "the trailers are over 64 KiB");
    const { status, detail } = initFailed(error);
    assert.strictEqual(status.message, `half made: ${bigText(40_000)}`);
    assert.deepStrictEqual([detail.id, detail.properties, detail.reasons], ["tmpl-1", { title: "t" }, ["not ready"]]);
  });

  it("a partial failure too large for any trailer keeps its id: the message is cut, then the reasons, then the properties", () => {
    const huge = Object.assign(new Error(`half made: ${bigText(8 * MiB)}`), { id: "tmpl-2", properties: { blob: bigText(6 * MiB) }, reasons: [bigText(6 * MiB)] });
    const error = resourceError(huge);
    assert.strictEqual(error.code, grpc.status.UNKNOWN);
    assert.match(error.message, /^half made: x+ \.\.\. \[cut: the message was 8388619 bytes\]$/);
    assert.ok(error.message.length <= 2 * MiB);
    assert.ok(error.statusDetails!.length <= MAX_DETAILS_BYTES);
    const status = decode(StatusSchema, error.statusDetails!);
    const detail = decode(pb.ErrorResourceInitFailedSchema, status.details[0].value);
    assert.strictEqual(status.message, error.message);
    assert.strictEqual(detail.id, "tmpl-2");
    assert.deepStrictEqual(detail.properties, {});
    assert.match(detail.reasons[0], /^x+ \.\.\. \[cut: the message was 6291456 bytes\]$/);
    assert.match(detail.reasons.at(-1)!, /^the properties were left out: \d+ bytes are more than a gRPC trailer holds$/);
    // A partial failure that fits keeps its properties; only its long reason is cut.
    const long = resourceError(Object.assign(new Error("half"), { id: "tmpl-3", properties: { a: 1 }, reasons: [bigText(5 * MiB)] }));
    const kept = decode(pb.ErrorResourceInitFailedSchema, decode(StatusSchema, long.statusDetails!).details[0].value);
    assert.deepStrictEqual([kept.id, kept.properties], ["tmpl-3", { a: 1 }]);
    assert.ok(kept.reasons[0].length < 2048);
  });

  it("200 calls at once all answer; no more run at once than the stream bound", async () => {
    let running = 0;
    let most = 0;
    const slow: UnaryHandler = async (request) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return request;
    };
    const bounded = await listen("test.Echo", { Slow: slow }, { maxConcurrentStreams: 50 });
    const echo = new grpc.Client(`127.0.0.1:${bounded.port}`, grpc.credentials.createInsecure());
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => rawCall(echo, "/test.Echo/Slow", Buffer.from(`call ${i}`))));
      assert.deepStrictEqual(
        answers.map((a) => a.toString()),
        Array.from({ length: 200 }, (_, i) => `call ${i}`),
      );
      assert.ok(most <= 50 && most > 1, `at most 50 at once (saw ${most})`);
    } finally {
      echo.close();
      await bounded.close();
    }
  });

  it("a message over the receive limit is answered RESOURCE_EXHAUSTED, and the server serves on", async () => {
    const small = await listen("test.Echo", { Echo: async (r) => r }, { maxReceiveBytes: MiB });
    const echo = new grpc.Client(`127.0.0.1:${small.port}`, grpc.credentials.createInsecure());
    try {
      const error: any = await rawCall(echo, "/test.Echo/Echo", Buffer.alloc(5 * MiB)).catch((e) => e);
      assert.strictEqual(error.code, grpc.status.RESOURCE_EXHAUSTED);
      assert.match(error.details, /^Received message larger than max \(5242880 vs\. 1048576\)$/);
      assert.deepStrictEqual(await rawCall(echo, "/test.Echo/Echo", Buffer.from("still here")), Buffer.from("still here"));
    } finally {
      echo.close();
      await small.close();
    }
  });

  it("a call cancelled mid-way: the handler's late answer goes nowhere, nothing is thrown, the server serves on", async () => {
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((r) => (started = r));
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on("uncaughtException", onUncaught);
    const waiting = await listen("test.Echo", {
      Wait: (r) => (started(), new Promise((resolve) => (finish = () => resolve(r)))),
      Echo: async (r) => r,
    });
    const echo = new grpc.Client(`127.0.0.1:${waiting.port}`, grpc.credentials.createInsecure());
    try {
      const same = (b: Buffer) => b;
      let cancelled: any;
      const done = new Promise<void>((resolve) => {
        const pending = echo.makeUnaryRequest("/test.Echo/Wait", same, same, Buffer.from("x"), (error: any) => ((cancelled = error), resolve()));
        running.then(() => pending.cancel());
      });
      await done;
      assert.strictEqual(cancelled.code, grpc.status.CANCELLED);
      finish();
      await new Promise((r) => setTimeout(r, 100));
      assert.deepStrictEqual(await rawCall(echo, "/test.Echo/Echo", Buffer.from("after")), Buffer.from("after"));
      assert.deepStrictEqual(uncaught, []);
    } finally {
      process.off("uncaughtException", onUncaught);
      echo.close();
      await waiting.close();
    }
  });

  it("method paths that name Object.prototype's members answer UNIMPLEMENTED", async () => {
    const raw = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    try {
      for (const path of [
        "/constructor",
        "/toString",
        "/__proto__",
        "/pulumirpc.ResourceProvider/constructor",
        "/pulumirpc.ResourceProvider/toString",
        "/pulumirpc.ResourceProvider/__proto__",
        "/pulumirpc.ResourceProvider/hasOwnProperty",
      ]) {
        const error: any = await rawCall(raw, path, Buffer.alloc(0)).catch((e) => e);
        assert.strictEqual(error.code, grpc.status.UNIMPLEMENTED, path);
        assert.strictEqual(error.details, `The server does not implement the method ${path}`);
      }
      // and the server still answers
      assert.strictEqual((await call(client, "create", createRequest({ a: 1 }))).getId(), "id-1");
    } finally {
      raw.close();
    }
  });

  it("a handler that throws, or answers with something that is not a message, is answered, never thrown", async () => {
    const odd = await listen("test.Odd", {
      Throws: () => {
        throw new Error("thrown at once");
      },
      NotAMessage: (async () => 42) as unknown as UnaryHandler, // a handler's bug: answering with a number
    });
    const raw = new grpc.Client(`127.0.0.1:${odd.port}`, grpc.credentials.createInsecure());
    try {
      const thrown: any = await rawCall(raw, "/test.Odd/Throws", Buffer.alloc(0)).catch((e) => e);
      assert.deepStrictEqual([thrown.code, thrown.details], [grpc.status.UNKNOWN, "thrown at once"]);
      const bad: any = await rawCall(raw, "/test.Odd/NotAMessage", Buffer.alloc(0)).catch((e) => e);
      assert.strictEqual(bad.code, grpc.status.INTERNAL);
      assert.match(bad.details, /^grpc: could not answer: /);
    } finally {
      raw.close();
      await odd.close();
    }
  });
});

describe("native plugin: Attach after Configure", function () {
  this.timeout(60_000);
  let h: ProviderHarness;
  before(async () => (h = await ProviderHarness.start()));
  after(async () => h?.close());

  it("keeps the explicit provider's settings (its key's account is read, not the environment's)", async () => {
    const other = await h.newAccount("attach-other@example.com");
    const saved = process.env.ESIGN_API_KEY;
    process.env.ESIGN_API_KEY = h.svc.apiKey; // the environment's key: another account than the explicit provider's
    const plugin = await servePlugin("1.2.3", []);
    const raw = new grpc.Client(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
    try {
      const configure = encode(pb.ConfigureRequestSchema, { name: "eu", type: "pulumi:providers:esign", args: { apiKey: other.api_key, baseUrl: h.svc.baseUrl } });
      await rawCall(raw, "/pulumirpc.ResourceProvider/Configure", configure);
      await rawCall(raw, "/pulumirpc.ResourceProvider/Attach", encode(PluginAttachSchema, { address: "127.0.0.1:1" }));
      const answer = await rawCall(raw, "/pulumirpc.ResourceProvider/Invoke", encode(pb.InvokeRequestSchema, { tok: "esign:index:getAccount", args: {} }));
      const result = decode(pb.InvokeResponseSchema, answer);
      assert.deepStrictEqual(result.failures, []);
      assert.strictEqual(result.return?.accountId, other.account_id);
    } finally {
      if (saved === undefined) delete process.env.ESIGN_API_KEY;
      else process.env.ESIGN_API_KEY = saved;
      raw.close();
      await plugin.close();
    }
  });
});
