/**
 * Import through the native plugin and the real CLI: `pulumi import esign:index:<Type> NAME ID`
 * for every resource type (read with only the id), after which a program declaring the same
 * objects previews no change; the documented form for a generated-SDK program (import with the
 * SDK's version, declare `protect`), after which not even a `[diff: ~protect,provider]` shows;
 * and the `import` resource option, which adopts without a write.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { nativeClasses } from "../../../provider/native/classes";
import { stackCli } from "../../support/account-file";
import { changes, newStack, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";
import { generatedSdk, sdkProviderOptions } from "../support/generated-sdk";
import { ALICE, allSeven, appArgs, pluginEnv } from "../support/native-support";

describe("engine: importing into the native plugin", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let owner: TestStack;
  let importer: TestStack;
  let made: Record<string, string> = {};
  /** What the importing stack's program declares. */
  let declared: "nothing" | "same" = "nothing";

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    owner = await newStack("native-owner", () => allSeven(nativeClasses), { config: svc.stackConfig(), env: pluginEnv() });
    const up = await owner.stack.up();
    made = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
    importer = await newStack(
      "native-importer",
      () => {
        if (declared === "nothing") return {};
        const team = new nativeClasses.Team("team", { name: "Ops" });
        new nativeClasses.TeamMember("alice", { teamId: team.teamId, emailAddress: ALICE, role: "Admin" }, { dependsOn: [team] });
        new nativeClasses.ApiApp("portal", appArgs);
        return {};
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
  });
  after(async () => {
    // The importing stack holds the same objects: forget them there, then destroy them once.
    await importer?.dispose({ skipDestroy: true });
    await owner?.dispose();
    await svc?.close();
  });

  it("imports every type by id with `pulumi import`, without a write", async () => {
    const accountId = (await owner.resource("alice")).accountId;
    const seq = await svc.lastSeq();
    const one = await stackCli(importer, ["import", "esign:index:ApiApp", "portal", made.clientId, "--yes", "--generate-code=false"]);
    assert.strictEqual(one.code, 0, one.stderr + one.stdout);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-import-")), "import.json");
    const resources = [
      ["Team", "team", made.teamId],
      ["TeamMember", "alice", `${made.teamId}/${accountId}`],
      ["Template", "nda", made.templateId],
      ["TemplateAccess", "nda:alice", `${made.templateId}/${accountId}`],
      ["FaxLine", "main", made.number],
      ["FaxLineUser", "main:alice", `${made.number}/${accountId}`],
    ].map(([type, name, id]) => ({ type: `esign:index:${type}`, name, id }));
    fs.writeFileSync(file, JSON.stringify({ resources }));
    const all = await stackCli(importer, ["import", "--file", file, "--yes", "--generate-code=false"]);
    assert.strictEqual(all.code, 0, all.stderr + all.stdout);
    const writes = (await svc.requestsSince(seq)).filter((r) => r.method !== "GET");
    assert.deepStrictEqual(writes, [], "an import only reads");
    const member = await importer.resource("alice");
    assert.deepStrictEqual([member.emailAddress, member.role, member.status], [ALICE, "Admin", "member"]);
    const access = await importer.resource("nda:alice");
    assert.deepStrictEqual([access.templateId, access.status], [made.templateId, "granted"]);
    const app = await importer.resource("portal");
    assert.deepStrictEqual([app.name, app.domains], ["Portal", ["portal.example.com"]]);
    // Pinned like a create (the same runtime read): another account's key is refused later (D31).
    const pin = (await owner.resource("team")).managingAccountId;
    assert.match(pin, /\w+/);
    for (const name of ["portal", "team", "alice", "nda", "nda:alice", "main", "main:alice"]) {
      assert.strictEqual((await importer.resource(name)).managingAccountId, pin, `${name} is pinned to the key's account`);
    }
  });

  it("a bad import id fails in one line naming the format", async () => {
    const bad = await stackCli(importer, ["import", "esign:index:TeamMember", "bob", "no-slash", "--yes", "--generate-code=false"]);
    assert.notStrictEqual(bad.code, 0);
    assert.match(bad.stdout + bad.stderr, /TeamMember import: the id must be <teamId>\/<accountId or emailAddress>, got "no-slash"/);
  });

  it("after the import, a program declaring the same team, member and app previews no change", async () => {
    declared = "same";
    // The other imported objects are not declared: keep them out of this preview.
    for (const name of ["nda", "nda:alice", "main", "main:alice"]) {
      const urn = (await importer.stack.exportStack()).deployment.resources.find((r: any) => r.urn.endsWith(`::${name}`)).urn;
      const gone = await stackCli(importer, ["state", "delete", urn, "--yes", "--force"]);
      assert.strictEqual(gone.code, 0, gone.stderr);
    }
    const seq = await svc.lastSeq();
    await importer.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
  });

  it("documented form: import with the SDK's version, declare `protect`; the SDK's program then previews no diff at all", async () => {
    const esign = generatedSdk();
    let protect: boolean | undefined;
    let declared = false;
    const user = await newStack(
      "native-import-sdk",
      () => {
        if (!declared) return {};
        const team = new esign.Team("team", { name: "Ops" }, { protect });
        new esign.ApiApp("portal", appArgs, { protect, dependsOn: [team] });
        return {};
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
    const preview = async () => {
      let out = "";
      const seq = await svc.lastSeq();
      const p = await user.stack.preview({ onOutput: (s) => (out += s), expectNoChanges: true });
      assert.deepStrictEqual(await svc.requestsSince(seq), [], "a preview after an import reads nothing");
      return { out, summary: p.changeSummary };
    };
    try {
      // The SDK gives every resource its `version` (and pluginDownloadURL, when the schema has one),
      // which names its default provider; import entries carrying the same use that provider.
      const options = sdkProviderOptions();
      // The import file's own spelling of the two (the engine's format: `pluginDownloadUrl`).
      const entry = { version: options.version, ...(options.pluginDownloadURL ? { pluginDownloadUrl: options.pluginDownloadURL } : {}) };
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-import-")), "import.json");
      fs.writeFileSync(
        file,
        JSON.stringify({
          resources: [
            { type: "esign:index:Team", name: "team", id: made.teamId, ...entry },
            { type: "esign:index:ApiApp", name: "portal", id: made.clientId, ...entry },
          ],
        }),
      );
      const imported = await stackCli(user, ["import", "--file", file, "--yes", "--generate-code=false"]);
      assert.strictEqual(imported.code, 0, imported.stderr + imported.stdout);
      const state = (await user.stack.exportStack()).deployment.resources;
      // default_<version>, plus the download server when the SDK names one (default_0_1_0_github_...).
      const defaultProvider = `default_${options.version!.replace(/\./g, "_")}${options.pluginDownloadURL ? "_github" : ""}`;
      for (const name of ["team", "portal"]) {
        const r = state.find((x: any) => x.urn.endsWith(`::${name}`));
        assert.ok(r.protect, `${name}: pulumi import protects what it imports`);
        assert.match(r.provider, new RegExp(`::${defaultProvider}[^:]*::`), `${name}: imported with the SDK's default provider`);
      }
      declared = true;
      protect = true;
      const quiet = await preview();
      assert.deepStrictEqual(quiet.summary, { same: 3 });
      assert.doesNotMatch(quiet.out, /\[diff:/, "no diff at all, not even protect or provider");
      // Without `protect` the same program shows the protection it would remove: why the docs ask for it.
      protect = undefined;
      assert.match((await preview()).out, /esign:index:ApiApp\s+portal\s+\[diff: ~protect\]/);
    } finally {
      await user.dispose({ skipDestroy: true });
    }
  });

  it("the `import` resource option adopts an existing object without a write", async () => {
    const adopter = await newStack(
      "native-import-option",
      () => {
        new nativeClasses.ApiApp("portal", appArgs, { import: made.clientId });
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
    try {
      const seq = await svc.lastSeq();
      const up = await adopter.stack.up();
      assert.deepStrictEqual(changes(up.summary), { create: 1, import: 1 }, "the stack, and the app imported");
      assert.deepStrictEqual(
        (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
        [],
      );
      await adopter.stack.preview({ expectNoChanges: true });
    } finally {
      await adopter.dispose({ skipDestroy: true });
    }
  });
});
