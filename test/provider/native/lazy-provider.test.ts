/**
 * The plugin's start-up facade (provider/native/host.ts, DECISIONS D111): the SDK's
 * server tests a provider's methods for presence, so the facade must have exactly the real
 * provider's; and it must not load the resources' code until a call (or the preload) needs it.
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as path from "path";
import { NativeHost } from "../../../provider/native/host";
import { nativeProvider } from "../../../provider/native/provider";

const root = path.resolve(__dirname, "..", "..", "..");

describe("native plugin: the lazy provider facade", () => {
  it("has exactly the real provider's members, and the same version", () => {
    const real = nativeProvider("1.2.3");
    const facade = new NativeHost("1.2.3").provider();
    assert.deepStrictEqual(Object.keys(facade).sort(), Object.keys(real).sort());
    for (const key of Object.keys(real)) assert.strictEqual(typeof (facade as never)[key], typeof (real as never)[key], key);
    assert.strictEqual(facade.version, "1.2.3");
  });

  it("answers as the real provider does", async () => {
    const facade = new NativeHost("1.2.3").provider();
    assert.strictEqual(await facade.getSchema!(), await nativeProvider("1.2.3").getSchema!());
    // A check with no inputs: the same failures (or the same error) from both.
    const settle = (p: Promise<unknown>) =>
      p.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      );
    const urn = "urn:pulumi:s::p::esign:index:Template::t";
    assert.deepStrictEqual(await settle(facade.check!(urn, {}, {})), await settle(nativeProvider("1.2.3").check!(urn, {}, {})));
  });

  it("loads the resources' code only at the first call, not with the facade or the plugin's server", () => {
    const script = `
      const loaded = () => Object.keys(require.cache).some((f) => /native[\\\\/](resources|config)\\.ts$/.test(f));
      // Neither grpc-js nor google-protobuf nor the SDK nor the generated codec before the port line (D118, D135).
      const grpcLoaded = () => Object.keys(require.cache).some((f) => /node_modules[\\\\/](@grpc|google-protobuf|@pulumi|@bufbuild)[\\\\/]|grpc[\\\\/](gen|protocol)/.test(f));
      require("./provider/native/lazy-start");
      const facade = new (require("./provider/native/host").NativeHost)("1.2.3").provider();
      const before = { resources: loaded(), grpc: grpcLoaded() };
      facade.getSchema().then(() => console.log(JSON.stringify({ before, after: loaded() })));
    `;
    const out = execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: root, encoding: "utf8" });
    assert.deepStrictEqual(JSON.parse(out), { before: { resources: false, grpc: false }, after: true });
  });

  it("the preloaded provider (what the start-up snapshot holds) leaves the SDK to the first Construct", () => {
    const script = `
      const sdk = () => Object.keys(require.cache).some((f) => /node_modules[\\\\/](@grpc|google-protobuf|@pulumi)[\\\\/]/.test(f));
      new (require("./provider/native/host").NativeHost)("1.2.3").preload();
      console.log(JSON.stringify({ preloaded: sdk() }));
    `;
    const out = execFileSync(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", script], { cwd: root, encoding: "utf8" });
    assert.deepStrictEqual(JSON.parse(out), { preloaded: false });
  });
});
