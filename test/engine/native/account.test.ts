/**
 * The `esign:index:Account` component (construct in the native plugin) through the real CLI:
 * from an account file's path it makes the same children (types, names, protection) with the
 * same API calls as deployAccount on the dynamic resources, previews no change (on a service
 * that leaves out the app's options, the template's subject and its roles' order: D129), and a
 * bad file fails at preview with the same lines as deployAccount's check.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as pulumi from "@pulumi/pulumi";
import { parseDocument } from "yaml";
import { AccountFileError, parseAccountFile } from "../../../provider/account-file";
import { accountDir, accountProgram, unprotectAll } from "../../support/account-file";
import { newStack, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";
import { operations, pluginEnv } from "../support/native-support";

const OUTPUTS = ["teamId", "members", "apiApps", "oauthSecrets", "templates", "faxLines"];

/** A program that declares the component as a generated SDK would (a remote component). */
function accountComponent(inputs: () => Record<string, string>) {
  return () => {
    const account = new pulumi.ComponentResource("esign:index:Account", "account", { ...inputs(), ...Object.fromEntries(OUTPUTS.map((k) => [k, undefined])) }, {}, true) as any;
    return { faxLines: account.faxLines, apiApps: account.apiApps, members: account.members, oauthSecrets: account.oauthSecrets };
  };
}

/** The children as `Kind name [protected]`, whatever the host's type tokens. */
async function children(t: TestStack): Promise<string[]> {
  const state = await t.stack.exportStack();
  return (state.deployment.resources ?? [])
    .filter((r: any) => /(^esign:index:|^pulumi-nodejs:dynamic\/esign:)/.test(r.type) && r.type !== "esign:index:Account")
    .map((r: any) => `${r.type.split(":").pop()} ${r.urn.split("::").pop()}${r.protect ? " protected" : ""}`)
    .sort();
}

describe("engine: the Account component of the native plugin", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let work: ReturnType<typeof accountDir>;
  let inputs: Record<string, string> = {};
  let nativeCalls: string[] = [];

  before(async () => {
    work = accountDir();
    inputs = { path: work.file };
    // The sparse response profile (D129): the native host keeps what the service leaves out too.
    svc = await localService({ autoAcceptInvites: true, responseProfile: "sparse" });
    t = await newStack(
      "native-account",
      accountComponent(() => inputs),
      { config: svc.stackConfig(), env: pluginEnv() },
    );
  });
  after(async () => {
    if (t) await unprotectAll(t);
    await t?.dispose();
    await svc?.close();
    work?.dispose();
  });

  it("deploys the file's path as the same children, with the same calls, as deployAccount", async () => {
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    nativeCalls = operations(await svc.requestsSince(seq));
    assert.match(up.outputs.faxLines.value.main, /^\+1415/);
    assert.ok(up.outputs.oauthSecrets.secret, "the OAuth secrets are a secret output");

    const other = await localService({ autoAcceptInvites: true, responseProfile: "sparse" });
    const dyn = await newStack(
      "dynamic-account",
      accountProgram(() => work.file),
      { config: other.stackConfig() },
    );
    try {
      const before = await other.lastSeq();
      const dynUp = await dyn.stack.up();
      assert.deepStrictEqual(Object.keys(up.outputs.apiApps.value).sort(), Object.keys(dynUp.outputs.apiApps.value).sort());
      assert.deepStrictEqual(up.outputs.members.value, dynUp.outputs.members.value);
      assert.deepStrictEqual(await children(t), await children(dyn));
      assert.deepStrictEqual(nativeCalls, operations(await other.requestsSince(before)));
    } finally {
      await unprotectAll(dyn);
      await dyn.dispose();
      await other.close();
    }
    assert.strictEqual((await children(t)).length, 11);
  });

  it("previews no change without a request", async () => {
    const seq = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
  });

  it("fails a bad file at preview with deployAccount's own lines, before any request", async () => {
    const doc = parseDocument(fs.readFileSync(work.file, "utf8"));
    doc.setIn(
      ["apiApps", 0, "domains"],
      Array.from({ length: 11 }, (_, i) => `d${i}.example.com`),
    );
    doc.setIn(["members", 0, "role"], "Boss");
    const text = doc.toString();
    let expected: string[] = [];
    try {
      parseAccountFile(text, "x", work.dir);
      assert.fail("the edited file must be invalid");
    } catch (e) {
      assert.ok(e instanceof AccountFileError);
      expected = e.issues.map((i) => `${i.line}:${i.column}: ${i.field}: ${i.message}`);
    }
    assert.strictEqual(expected.length, 2);
    inputs = { text };
    try {
      const seq = await svc.lastSeq();
      await assert.rejects(t.stack.preview(), (e: Error) => expected.every((line) => e.message.includes(line)));
      assert.deepStrictEqual(await svc.requestsSince(seq), []);
      inputs = {};
      await assert.rejects(t.stack.preview(), /esign:index:Account account: give exactly one of text or path/);
    } finally {
      inputs = { path: work.file };
    }
  });
});
