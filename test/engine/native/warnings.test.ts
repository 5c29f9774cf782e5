/**
 * The native plugin reports to the engine as the dynamic host does: a grant for someone whose
 * invitation is open is created `pending` with a `warning:` naming the person (not a stderr
 * line), and errors are one line.
 */
import * as assert from "assert";
import { nativeClasses } from "../../../provider/native/classes";
import { newStack, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";
import { pluginEnv } from "../support/native-support";

describe("engine: the native plugin's warnings and errors", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let domains = ["portal.example.com"];

  before(async () => {
    svc = await localService();
    t = await newStack(
      "native-warnings",
      () => {
        const team = new nativeClasses.Team("team", { name: "Ops" });
        const carol = new nativeClasses.TeamMember("carol", { teamId: (team as any).teamId, emailAddress: "carol@example.com" }, { dependsOn: [team] });
        const line = new nativeClasses.FaxLine("main", { areaCode: 415, country: "US" });
        new nativeClasses.FaxLineUser("main:carol", { number: (line as any).number, emailAddress: "carol@example.com" }, { dependsOn: [carol] });
        new nativeClasses.ApiApp("portal", { name: "Portal", domains });
        return {};
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
  });
  after(async () => {
    domains = ["portal.example.com"];
    await t?.dispose();
    await svc?.close();
  });

  it("a pending grant is created with an engine warning naming the person", async () => {
    let out = "";
    await t.stack.up({ onOutput: (s) => (out += s) });
    assert.match(out, /warning: esign: use of fax line \+1415\d+ for carol@example\.com is pending: carol@example\.com has not accepted the invitation/);
    assert.strictEqual((await t.resource("main:carol")).status, "pending");
  });

  it("a check failure names the property and the rule, in one line, before any request", async () => {
    domains = Array.from({ length: 11 }, (_, i) => `d${i}.example.com`);
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => /domains/.test(e.message) && /at most 10/.test(e.message) && !/\n\s+at /.test(e.message));
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    domains = ["portal.example.com"];
  });
});
