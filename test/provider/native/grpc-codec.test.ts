/**
 * The plugin's protobuf codec (provider/native/grpc/codec.ts over the messages generated from
 * Pulumi's provider.proto, grpc/gen/) against the SDK's google-protobuf classes: every message
 * encoded by ours is read back by google-protobuf's, and the reverse, to the same bytes; Structs
 * decode exactly as `Struct.toJavaScript()`; unknown fields are skipped.
 */
import * as assert from "assert";
import type { DescMessage } from "@bufbuild/protobuf";
import { EmptySchema } from "@bufbuild/protobuf/wkt";
import { decode, encode, structOf } from "../../../provider/native/grpc/codec";
import { StatusSchema } from "../../../provider/native/grpc/gen/google/protobuf/status_pb";
import { PluginAttachSchema, PluginInfoSchema } from "../../../provider/native/grpc/gen/pulumi/plugin_pb";
import * as pb from "../../../provider/native/grpc/gen/pulumi/provider_pb";

const provproto = require("@pulumi/pulumi/proto/provider_pb");
const plugproto = require("@pulumi/pulumi/proto/plugin_pb");
const statusproto = require("@pulumi/pulumi/proto/status_pb");
const structproto = require("google-protobuf/google/protobuf/struct_pb");
const emptyproto = require("google-protobuf/google/protobuf/empty_pb");

const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "k-1" };
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const props = {
  name: "a",
  count: 3,
  ratio: 0.5,
  big: 2 ** 53,
  neg: -7,
  on: true,
  off: false,
  none: null,
  list: [1, "x", [null, { z: 1 }], {}],
  nested: { b: { c: [] } },
  secret: SECRET,
  unknown: UNKNOWN,
  empty: "",
  "__weird key ü": "ü ✓",
};
const struct = (o: unknown) => structproto.Struct.fromJavaScript(o);
const bytes = (msg: any) => Buffer.from(msg.serializeBinary());

/** One case: our table, the SDK's class, a message as we hold it, and the same set on the SDK's class. */
interface Case {
  type: DescMessage;
  sdk: any;
  ours: Record<string, unknown>;
  build(): any;
  /** What the SDK's object says, in our shape. */
  read(msg: any): Record<string, unknown>;
}

const failure = (p: string, r: string) => {
  const f = new provproto.CheckFailure();
  f.setProperty(p);
  f.setReason(r);
  return f;
};

const cases: Case[] = [
  {
    type: PluginInfoSchema,
    sdk: plugproto.PluginInfo,
    ours: { version: "1.2.3" },
    build: () => {
      const x = new plugproto.PluginInfo();
      x.setVersion("1.2.3");
      return x;
    },
    read: (x) => ({ version: x.getVersion() }),
  },
  {
    type: pb.GetSchemaRequestSchema,
    sdk: provproto.GetSchemaRequest,
    ours: { version: 2, subpackageName: "s", subpackageVersion: "v" },
    build: () => {
      const x = new provproto.GetSchemaRequest();
      x.setVersion(2);
      x.setSubpackageName("s");
      x.setSubpackageVersion("v");
      return x;
    },
    read: (x) => ({ version: x.getVersion(), subpackageName: x.getSubpackageName(), subpackageVersion: x.getSubpackageVersion() }),
  },
  {
    type: pb.GetSchemaResponseSchema,
    sdk: provproto.GetSchemaResponse,
    ours: { schema: '{"name":"esign"}' },
    build: () => {
      const x = new provproto.GetSchemaResponse();
      x.setSchema('{"name":"esign"}');
      return x;
    },
    read: (x) => ({ schema: x.getSchema() }),
  },
  {
    type: pb.ConfigureRequestSchema,
    sdk: provproto.ConfigureRequest,
    ours: {
      variables: { "esign:config:apiKey": "k", "esign:config:baseUrl": "http://h/v3" },
      args: { apiKey: SECRET, maxConcurrency: 2 },
      acceptSecrets: true,
      acceptResources: true,
      sendsOldInputs: true,
      sendsOldInputsToDelete: true,
      id: "i",
      urn: "u",
      name: "eu",
      type: "pulumi:providers:esign",
    },
    build: () => {
      const x = new provproto.ConfigureRequest();
      x.getVariablesMap().set("esign:config:apiKey", "k").set("esign:config:baseUrl", "http://h/v3");
      x.setArgs(struct({ apiKey: SECRET, maxConcurrency: 2 }));
      x.setAcceptsecrets(true);
      x.setAcceptresources(true);
      x.setSendsOldInputs(true);
      x.setSendsOldInputsToDelete(true);
      x.setId("i");
      x.setUrn("u");
      x.setName("eu");
      x.setType("pulumi:providers:esign");
      return x;
    },
    read: (x) => ({
      variables: Object.fromEntries(x.getVariablesMap().entries()),
      args: x.getArgs()?.toJavaScript(),
      acceptSecrets: x.getAcceptsecrets(),
      acceptResources: x.getAcceptresources(),
      sendsOldInputs: x.getSendsOldInputs(),
      sendsOldInputsToDelete: x.getSendsOldInputsToDelete(),
      id: x.getId(),
      urn: x.getUrn(),
      name: x.getName(),
      type: x.getType(),
    }),
  },
  {
    type: pb.ConfigureResponseSchema,
    sdk: provproto.ConfigureResponse,
    ours: { acceptSecrets: true, supportsPreview: false, acceptResources: true, acceptOutputs: true, supportsAutonamingConfiguration: false },
    build: () => {
      const x = new provproto.ConfigureResponse();
      x.setAcceptsecrets(true);
      x.setAcceptresources(true);
      x.setAcceptoutputs(true);
      return x;
    },
    read: (x) => ({
      acceptSecrets: x.getAcceptsecrets(),
      supportsPreview: x.getSupportspreview(),
      acceptResources: x.getAcceptresources(),
      acceptOutputs: x.getAcceptoutputs(),
      supportsAutonamingConfiguration: x.getSupportsAutonamingConfiguration(),
    }),
  },
  {
    type: pb.CheckRequestSchema,
    sdk: provproto.CheckRequest,
    ours: { urn: "urn:x", olds: { a: 1 }, news: props, randomSeed: Buffer.from([1, 2, 3]), name: "n", type: "esign:index:Template" },
    build: () => {
      const x = new provproto.CheckRequest();
      x.setUrn("urn:x");
      x.setOlds(struct({ a: 1 }));
      x.setNews(struct(props));
      x.setRandomseed(new Uint8Array([1, 2, 3]));
      x.setName("n");
      x.setType("esign:index:Template");
      return x;
    },
    read: (x) => ({ urn: x.getUrn(), olds: x.getOlds()?.toJavaScript(), news: x.getNews()?.toJavaScript(), randomSeed: Buffer.from(x.getRandomseed_asU8()), name: x.getName(), type: x.getType() }),
  },
  {
    type: pb.CheckResponseSchema,
    sdk: provproto.CheckResponse,
    ours: {
      inputs: props,
      failures: [
        { property: "title", reason: "is required" },
        { property: "x", reason: "ü" },
      ],
    },
    build: () => {
      const x = new provproto.CheckResponse();
      x.setInputs(struct(props));
      x.setFailuresList([failure("title", "is required"), failure("x", "ü")]);
      return x;
    },
    read: (x) => ({ inputs: x.getInputs()?.toJavaScript(), failures: x.getFailuresList().map((f: any) => ({ property: f.getProperty(), reason: f.getReason() })) }),
  },
  {
    type: pb.DiffRequestSchema,
    sdk: provproto.DiffRequest,
    ours: { id: "7", urn: "u", olds: props, news: { a: [1] }, ignoreChanges: ["a", "b"], oldInputs: { q: null }, name: "n", type: "t" },
    build: () => {
      const x = new provproto.DiffRequest();
      x.setId("7");
      x.setUrn("u");
      x.setOlds(struct(props));
      x.setNews(struct({ a: [1] }));
      x.setIgnorechangesList(["a", "b"]);
      x.setOldInputs(struct({ q: null }));
      x.setName("n");
      x.setType("t");
      return x;
    },
    read: (x) => ({
      id: x.getId(),
      urn: x.getUrn(),
      olds: x.getOlds()?.toJavaScript(),
      news: x.getNews()?.toJavaScript(),
      ignoreChanges: x.getIgnorechangesList(),
      oldInputs: x.getOldInputs()?.toJavaScript(),
      name: x.getName(),
      type: x.getType(),
    }),
  },
  {
    type: pb.DiffResponseSchema,
    sdk: provproto.DiffResponse,
    ours: { replaces: ["title"], stables: ["id"], deleteBeforeReplace: true, changes: pb.DiffResponse_DiffChanges.DIFF_SOME, diffs: ["title", "message"], hasDetailedDiff: true },
    build: () => {
      const x = new provproto.DiffResponse();
      x.setReplacesList(["title"]);
      x.setStablesList(["id"]);
      x.setDeletebeforereplace(true);
      x.setChanges(provproto.DiffResponse.DiffChanges.DIFF_SOME);
      x.setDiffsList(["title", "message"]);
      x.setHasdetaileddiff(true);
      return x;
    },
    read: (x) => ({
      replaces: x.getReplacesList(),
      stables: x.getStablesList(),
      deleteBeforeReplace: x.getDeletebeforereplace(),
      changes: x.getChanges(),
      diffs: x.getDiffsList(),
      hasDetailedDiff: x.getHasdetaileddiff(),
    }),
  },
  {
    type: pb.CreateRequestSchema,
    sdk: provproto.CreateRequest,
    ours: { urn: "u", properties: props, timeout: 12.5, preview: true, name: "n", type: "t" },
    build: () => {
      const x = new provproto.CreateRequest();
      x.setUrn("u");
      x.setProperties(struct(props));
      x.setTimeout(12.5);
      x.setPreview(true);
      x.setName("n");
      x.setType("t");
      return x;
    },
    read: (x) => ({ urn: x.getUrn(), properties: x.getProperties()?.toJavaScript(), timeout: x.getTimeout(), preview: x.getPreview(), name: x.getName(), type: x.getType() }),
  },
  {
    type: pb.CreateResponseSchema,
    sdk: provproto.CreateResponse,
    ours: { id: "abc", properties: props, refreshBeforeUpdate: true },
    build: () => {
      const x = new provproto.CreateResponse();
      x.setId("abc");
      x.setProperties(struct(props));
      x.setRefreshBeforeUpdate(true);
      return x;
    },
    read: (x) => ({ id: x.getId(), properties: x.getProperties()?.toJavaScript(), refreshBeforeUpdate: x.getRefreshBeforeUpdate() }),
  },
  {
    type: pb.ReadRequestSchema,
    sdk: provproto.ReadRequest,
    ours: { id: "abc", urn: "u", properties: undefined, inputs: undefined, name: "n", type: "t", timeout: 3 },
    build: () => {
      const x = new provproto.ReadRequest();
      x.setId("abc");
      x.setUrn("u");
      x.setName("n");
      x.setType("t");
      x.setTimeout(3);
      return x;
    },
    read: (x) => ({
      id: x.getId(),
      urn: x.getUrn(),
      properties: x.getProperties()?.toJavaScript(),
      inputs: x.getInputs()?.toJavaScript(),
      name: x.getName(),
      type: x.getType(),
      timeout: x.getTimeout(),
    }),
  },
  {
    type: pb.ReadResponseSchema,
    sdk: provproto.ReadResponse,
    ours: { id: "abc", properties: props, inputs: { a: "b" }, refreshBeforeUpdate: false },
    build: () => {
      const x = new provproto.ReadResponse();
      x.setId("abc");
      x.setProperties(struct(props));
      x.setInputs(struct({ a: "b" }));
      return x;
    },
    read: (x) => ({ id: x.getId(), properties: x.getProperties()?.toJavaScript(), inputs: x.getInputs()?.toJavaScript(), refreshBeforeUpdate: x.getRefreshBeforeUpdate() }),
  },
  {
    type: pb.UpdateRequestSchema,
    sdk: provproto.UpdateRequest,
    ours: { id: "1", urn: "u", olds: props, news: { b: 2 }, timeout: 1, ignoreChanges: ["x"], preview: true, oldInputs: { c: 3 }, name: "n", type: "t" },
    build: () => {
      const x = new provproto.UpdateRequest();
      x.setId("1");
      x.setUrn("u");
      x.setOlds(struct(props));
      x.setNews(struct({ b: 2 }));
      x.setTimeout(1);
      x.setIgnorechangesList(["x"]);
      x.setPreview(true);
      x.setOldInputs(struct({ c: 3 }));
      x.setName("n");
      x.setType("t");
      return x;
    },
    read: (x) => ({
      id: x.getId(),
      urn: x.getUrn(),
      olds: x.getOlds()?.toJavaScript(),
      news: x.getNews()?.toJavaScript(),
      timeout: x.getTimeout(),
      ignoreChanges: x.getIgnorechangesList(),
      preview: x.getPreview(),
      oldInputs: x.getOldInputs()?.toJavaScript(),
      name: x.getName(),
      type: x.getType(),
    }),
  },
  {
    type: pb.UpdateResponseSchema,
    sdk: provproto.UpdateResponse,
    ours: { properties: {}, refreshBeforeUpdate: false },
    build: () => {
      const x = new provproto.UpdateResponse();
      x.setProperties(struct({}));
      return x;
    },
    read: (x) => ({ properties: x.getProperties()?.toJavaScript(), refreshBeforeUpdate: x.getRefreshBeforeUpdate() }),
  },
  {
    type: pb.DeleteRequestSchema,
    sdk: provproto.DeleteRequest,
    ours: { id: "1", urn: "u", properties: props, timeout: 0, oldInputs: undefined, name: "", type: "t" },
    build: () => {
      const x = new provproto.DeleteRequest();
      x.setId("1");
      x.setUrn("u");
      x.setProperties(struct(props));
      x.setType("t");
      return x;
    },
    read: (x) => ({
      id: x.getId(),
      urn: x.getUrn(),
      properties: x.getProperties()?.toJavaScript(),
      timeout: x.getTimeout(),
      oldInputs: x.getOldInputs()?.toJavaScript(),
      name: x.getName(),
      type: x.getType(),
    }),
  },
  {
    type: pb.InvokeRequestSchema,
    sdk: provproto.InvokeRequest,
    ours: { tok: "esign:index:getAccount", args: { accountId: "x" }, preview: true },
    build: () => {
      const x = new provproto.InvokeRequest();
      x.setTok("esign:index:getAccount");
      x.setArgs(struct({ accountId: "x" }));
      x.setPreview(true);
      return x;
    },
    read: (x) => ({ tok: x.getTok(), args: x.getArgs()?.toJavaScript(), preview: x.getPreview() }),
  },
  {
    type: pb.InvokeResponseSchema,
    sdk: provproto.InvokeResponse,
    ours: { return: props, failures: [{ property: "accountId", reason: "bad" }] },
    build: () => {
      const x = new provproto.InvokeResponse();
      x.setReturn(struct(props));
      x.setFailuresList([failure("accountId", "bad")]);
      return x;
    },
    read: (x) => ({ return: x.getReturn()?.toJavaScript(), failures: x.getFailuresList().map((f: any) => ({ property: f.getProperty(), reason: f.getReason() })) }),
  },
  {
    type: pb.ErrorResourceInitFailedSchema,
    sdk: provproto.ErrorResourceInitFailed,
    ours: { id: "9", properties: props, reasons: ["a", "b"], inputs: { i: 1 }, refreshBeforeUpdate: true },
    build: () => {
      const x = new provproto.ErrorResourceInitFailed();
      x.setId("9");
      x.setProperties(struct(props));
      x.setReasonsList(["a", "b"]);
      x.setInputs(struct({ i: 1 }));
      x.setRefreshBeforeUpdate(true);
      return x;
    },
    read: (x) => ({
      id: x.getId(),
      properties: x.getProperties()?.toJavaScript(),
      reasons: x.getReasonsList(),
      inputs: x.getInputs()?.toJavaScript(),
      refreshBeforeUpdate: x.getRefreshBeforeUpdate(),
    }),
  },
  {
    type: StatusSchema,
    sdk: statusproto.Status,
    ours: { code: 2, message: "failed ü", details: [{ typeUrl: "type.googleapis.com/pulumirpc.ErrorResourceInitFailed", value: Buffer.from([8, 1]) }] },
    build: () => {
      const x = new statusproto.Status();
      x.setCode(2);
      x.setMessage("failed ü");
      const any = new (require("google-protobuf/google/protobuf/any_pb").Any)();
      any.setTypeUrl("type.googleapis.com/pulumirpc.ErrorResourceInitFailed");
      any.setValue(new Uint8Array([8, 1]));
      x.addDetails(any);
      return x;
    },
    read: (x) => ({ code: x.getCode(), message: x.getMessage(), details: x.getDetailsList().map((d: any) => ({ typeUrl: d.getTypeUrl(), value: Buffer.from(d.getValue_asU8()) })) }),
  },
  {
    type: PluginAttachSchema,
    sdk: plugproto.PluginAttach,
    ours: { address: "127.0.0.1:5" },
    build: () => {
      const x = new plugproto.PluginAttach();
      x.setAddress("127.0.0.1:5");
      return x;
    },
    read: (x) => ({ address: x.getAddress() }),
  },
  { type: EmptySchema, sdk: emptyproto.Empty, ours: {}, build: () => new emptyproto.Empty(), read: () => ({}) },
];

/** A decoded message as the cases hold it: the case's fields only, bytes as Buffers, no `$typeName`. */
function plain(value: unknown, keys?: string[]): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (Array.isArray(value)) return value.map((v) => plain(v));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of keys ?? Object.keys(value).filter((k) => k !== "$typeName")) out[key] = plain((value as Record<string, unknown>)[key]);
  return out;
}
const decoded = (c: Case, buf: Buffer) => plain(decode(c.type, buf), Object.keys(c.ours));
const createCase = () => cases.find((c) => c.type === pb.CreateRequestSchema)!;

describe("native plugin: the gRPC codec against google-protobuf", () => {
  for (const c of cases) {
    it(`${c.type.typeName}: ours -> the SDK's class, and the SDK's class -> ours`, () => {
      const ours = encode(c.type, c.ours as never);
      assert.deepStrictEqual(c.read(c.sdk.deserializeBinary(new Uint8Array(ours))), c.ours);
      assert.deepStrictEqual(decoded(c, bytes(c.build())), c.ours);
      // The same bytes, field for field (Struct keys and map entries in key order, as google-protobuf writes them).
      assert.deepStrictEqual(ours, bytes(c.build()));
    });
  }

  it("a Struct decodes exactly as toJavaScript() gives it, key order included, and encodes as fromJavaScript()", () => {
    const js = struct(props).toJavaScript();
    const ours = decode(pb.CreateRequestSchema, bytes(createCase().build())).properties!;
    assert.deepStrictEqual(ours, js);
    assert.deepStrictEqual(Object.keys(ours), Object.keys(js));
    assert.deepStrictEqual(Object.keys(ours.nested as object), Object.keys(js.nested));
    const sent = provproto.CreateRequest.deserializeBinary(new Uint8Array(encode(pb.CreateRequestSchema, { properties: props })));
    assert.deepStrictEqual(sent.getProperties().toJavaScript(), js);
    // for-in, as fromJavaScript: inherited enumerable keys are written too.
    assert.deepStrictEqual(structOf(Object.create({ inherited: 1 })), { inherited: 1 });
  });

  it("numbers are doubles both ways; undefined and other non-JSON values are refused as google-protobuf refuses them", () => {
    for (const n of [0, -0.5, 1e300, Number.MAX_SAFE_INTEGER, -Infinity]) {
      assert.strictEqual(decode(pb.CreateRequestSchema, encode(pb.CreateRequestSchema, { properties: { n } })).properties!.n, n);
    }
    for (const bad of [undefined, () => 1, Symbol("s"), BigInt(1)]) {
      assert.throws(() => encode(pb.CreateResponseSchema, { id: "x", properties: { a: [bad] } as never }), /Unexpected struct type/);
    }
    assert.throws(() => structproto.Struct.fromJavaScript({ a: undefined }), /Unexpected struct type/);
  });

  it("skips fields it does not know (a newer engine's), of every wire type", () => {
    const known = bytes(createCase().build());
    // field 99 varint, field 98 fixed64, field 97 length-delimited, field 96 fixed32
    const extra = Buffer.from([0x98, 0x06, 0x96, 0x01, 0x91, 0x06, 1, 2, 3, 4, 5, 6, 7, 8, 0x8a, 0x06, 2, 0x41, 0x42, 0x85, 0x06, 1, 2, 3, 4]);
    assert.deepStrictEqual(decoded(createCase(), Buffer.concat([extra, known, extra])), createCase().ours);
  });

  it("a negative int32 takes ten bytes both ways", () => {
    const ours = encode(pb.GetSchemaRequestSchema, { version: -1 });
    const sdk = new provproto.GetSchemaRequest();
    sdk.setVersion(-1);
    assert.deepStrictEqual(ours, bytes(sdk));
    assert.strictEqual(decode(pb.GetSchemaRequestSchema, ours).version, -1);
  });
});
