/**
 * A failed API call reaches the user as one readable line: the engine's
 * output names the operation, the status and the service's message once, with no stack
 * frames; the API key appears nowhere; `--debug` shows the cause's stack.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { newStack, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";

/** The whole output of a command that must fail (the Automation API throws with it). */
async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return String((error as Error).message);
  }
  throw new Error("the command succeeded");
}

const count = (text: string, part: string) => text.split(part).length - 1;

/**
 * The Diagnostics section of the engine's output: one entry per resource. (The progress lines
 * above it show each step's error as it happens, and the Automation API repeats the output.)
 */
function diagnostics(out: string): string {
  const start = out.indexOf("Diagnostics:");
  assert.ok(start >= 0, `no Diagnostics section in:\n${out}`);
  return out.slice(start, out.indexOf("\nResources:", start));
}
const stackFrames = (text: string) => text.split("\n").filter((l) => /^\s*at .+[(:]\d+/.test(l) || /\.(ts|js):\d+/.test(l));

describe("engine: provider errors are one readable line (safety)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let withApp = true;

  before(async () => {
    svc = await localService();
    t = await newStack(
      "safety-errors",
      () => {
        if (withApp) new esign.ApiApp("app", { name: "Portal", domains: ["portal.example.com"] });
      },
      { config: svc.stackConfig() },
    );
  });
  afterEach(async () => {
    await svc.control("DELETE", "/faults");
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("a failed create names the error once, without stack frames or the key", async () => {
    const message = "Creating apps is switched off for this account";
    await svc.control("POST", "/faults", { method: "POST", path: "/api_app", status: 403, error_name: "forbidden", error_msg: message, count: 1 });
    const out = await failure(() => t.stack.up());
    assert.strictEqual(count(diagnostics(out), message), 1, `the message once in:\n${out}`);
    assert.match(out, /api_app\.create POST \/api_app failed with 403 forbidden/);
    assert.deepStrictEqual(stackFrames(out), []);
    assert.ok(!out.includes(svc.apiKey), "the API key is not in the output");
  });

  it("a failed read (refresh) names the error once, without stack frames", async () => {
    await t.stack.up();
    const message = "The app list is unavailable right now";
    await svc.control("POST", "/faults", { method: "GET", path: "/api_app/**", status: 403, error_name: "forbidden", error_msg: message });
    const out = await failure(() => t.stack.refresh());
    assert.strictEqual(count(diagnostics(out), message), 1, `the message once in:\n${out}`);
    assert.deepStrictEqual(stackFrames(out), []);
    assert.ok(!out.includes("EsignApiError"), "no class name dump");
    assert.ok(!out.includes(svc.apiKey), "the API key is not in the output");
  });

  it("a failed delete names the error once; --debug shows the cause", async () => {
    const message = "Deleting apps is switched off for this account";
    await svc.control("POST", "/faults", { method: "DELETE", path: "/api_app/*", status: 403, error_name: "forbidden", error_msg: message });
    withApp = false;
    const out = await failure(() => t.stack.up());
    assert.strictEqual(count(diagnostics(out), message), 1, `the message once in:\n${out}`);
    assert.match(out, /api_app\.delete DELETE \/api_app\/\S+ failed with 403 forbidden/);
    assert.deepStrictEqual(stackFrames(out), []);
    const debug = await failure(() => t.stack.up({ debug: true }));
    assert.match(debug, /ApiApp delete failed; cause: EsignApiError: /);
    assert.ok(stackFrames(debug).length > 0, "the cause's stack is there for debugging");
    assert.ok(!debug.includes(svc.apiKey), "the API key is not in the debug output");
    await svc.control("DELETE", "/faults");
    await t.stack.up();
  });
});
