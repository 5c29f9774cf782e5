/**
 * The plugin's gRPC server (provider/native/grpc/, DECISIONS D136) as the real engine reads it: a
 * Create that made its object and then failed with a 1 MiB message (a partial failure, over
 * Node's 64 KiB header block that dropped it before) reaches the engine whole, and the engine
 * records the object by its id; one whose message is too long for any trailer is cut, the id
 * kept; a 1 MiB error of a create that made nothing reaches it whole too. The plugin is a small one served by the same server and handlers as
 * pulumi-resource-esign (built into dist/), whose provider fails that way on purpose: the
 * esign resources have no create that fails after commit with a message this long.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { newStack, repoRoot, TestStack } from "../support/engine";
import { pluginEnv } from "../support/native-support";

const PLUGIN = `
const { listen } = require(${JSON.stringify(path.join(repoRoot, "dist/provider/native/grpc/server"))});
const { resourceProviderHandlers } = require(${JSON.stringify(path.join(repoRoot, "dist/provider/native/grpc/resource-provider"))});
const { encode } = require(${JSON.stringify(path.join(repoRoot, "dist/provider/native/grpc/codec"))});
const pb = require(${JSON.stringify(path.join(repoRoot, "dist/provider/native/grpc/gen/pulumi/provider_pb"))});
const provider = {
  version: "1.0.0",
  async create(urn, inputs) {
    if (inputs.name === "plain") throw new Error("refused: " + "y".repeat(inputs.messageBytes));
    const message = "half made: " + "x".repeat(inputs.messageBytes);
    throw Object.assign(new Error(message), { id: "made-" + inputs.name, properties: { name: inputs.name, made: true }, reasons: [message] });
  },
};
const handlers = resourceProviderHandlers({ provider, config: { configure() {}, verified: new Map(), keys: undefined }, attach() {} });
// This plugin has no settings: its config calls answer as a provider without rules.
handlers.CheckConfig = async (req) => encode(pb.CheckResponseSchema, { inputs: require(${JSON.stringify(path.join(repoRoot, "dist/provider/native/grpc/codec"))}).decode(pb.CheckRequestSchema, req).news });
handlers.DiffConfig = async () => encode(pb.DiffResponseSchema, {});
handlers.Configure = async () => encode(pb.ConfigureResponseSchema, { acceptSecrets: true, acceptResources: true });
listen("pulumirpc.ResourceProvider", handlers).then((s) => console.log(String(s.port)));
`;

/** A resource of the test plugin. */
class Thing extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("longfail:index:Thing", name, props);
  }
}

describe("engine: a partial failure's long message through the plugin's gRPC server", function () {
  this.timeout(600_000);
  let dir: string;
  let t: TestStack;
  const sizes: Record<string, number> = { mib: 1024 * 1024, huge: 3 * 1024 * 1024, plain: 1024 * 1024 };

  before(async () => {
    assert.ok(fs.existsSync(path.join(repoRoot, "dist/provider/native/grpc/server.js")), "dist/ is built (scripts/build)");
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-grpc-limits-"));
    fs.writeFileSync(path.join(dir, "plugin.js"), PLUGIN);
    fs.writeFileSync(path.join(dir, "pulumi-resource-longfail"), `#!/usr/bin/env bash\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(dir, "plugin.js"))} "$@"\n`, {
      mode: 0o755,
    });
    const env = pluginEnv();
    t = await newStack(
      "grpc-limits",
      () => {
        for (const name of Object.keys(sizes)) new Thing(name, { name, messageBytes: sizes[name] });
      },
      { env: { ...env, PATH: `${dir}:${env.PATH}` } },
    );
  });
  after(async () => {
    await t?.dispose();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the engine gets a 1 MiB error and a 1 MiB partial failure whole, recording the object by its id; a detail too long is cut, the id kept", async () => {
    // continueOnError: "plain" fails at once with a plain error; without it the engine may stop
    // before it has started the others' creates (a race that a loaded machine loses).
    const error: any = await t.stack.up({ continueOnError: true }).catch((e) => e);
    assert.ok(typeof error?.message === "string", "the up fails");
    // The engine shows a partial failure's reasons (here the message itself) as the resource's error.
    const text = `${error.message}\n${error.stderr ?? ""}\n${error.stdout ?? ""}`;
    assert.ok(text.includes(`half made: ${"x".repeat(sizes.mib)}`), "the 1 MiB detail reaches the engine whole");
    assert.match(text, /half made: x+ \.\.\. \[cut: the message was 3145739 bytes\]/);
    assert.ok(text.includes(`refused: ${"y".repeat(sizes.plain)}`), "a 1 MiB error (nothing made) reaches the engine whole");
    const state = await t.stack.exportStack();
    const things = (state.deployment.resources ?? []).filter((r: any) => r.type === "longfail:index:Thing");
    // "plain" made nothing: not in the state.
    assert.deepStrictEqual(things.map((r: any) => [r.urn.split("::").pop(), r.id, r.outputs?.made]).sort(), [
      ["huge", "made-huge", true],
      ["mib", "made-mib", true],
    ]);
    const initErrors = Object.fromEntries(things.map((r: any) => [r.urn.split("::").pop(), r.initErrors]));
    assert.deepStrictEqual(initErrors.mib, [`half made: ${"x".repeat(sizes.mib)}`]);
    assert.match(initErrors.huge[0], /^half made: x+ \.\.\. \[cut: the message was 3145739 bytes\]$/);
  });
});
