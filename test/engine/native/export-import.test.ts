/**
 * Bringing an existing account in through the real CLI: an account made in the service (no
 * Pulumi), `esign export --format pulumi-import` (the command, as a user runs it), `pulumi
 * import --file` into an empty stack with the native plugin from this checkout on PATH, then a
 * program declaring the same objects (the exported account file deployed with the native
 * `esign:index:*` types, as protected as the import left them, on the plugin version and
 * download URL the file named, or leaving both to the engine) previews no change and sends no
 * request; left unprotected, its up lifts the import's protection and writes nothing.
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { loadAccountFile } from "../../../provider/account-file";
import { deployAccount } from "../../../provider/account-file/program";
import { EsignClient } from "../../../provider/client";
import type { ImportFile } from "../../../provider/cli/import-file";
import { PLUGIN_DOWNLOAD_URL } from "../../../provider/native/version";
import { nativeClasses } from "../../../provider/native/classes";
import { stackCli } from "../../support/account-file";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";
import { ALICE, pdf, pluginEnv } from "../support/native-support";

const version = (require("../../../package.json") as { version: string }).version;

/**
 * The `esign` command as installed (dist/, built by ensure-plugin through scripts/build). Run
 * asynchronously: the service answers from this process.
 */
function esign(args: string[], svc: LocalService): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, "dist", "provider", "cli", "esign.js"), ...args],
      {
        env: { ...process.env, ESIGN_API_KEY: svc.apiKey, ESIGN_BASE_URL: svc.baseUrl },
      },
      (error, _stdout, stderr) => (error ? reject(new Error(`esign ${args.join(" ")}: ${stderr}`)) : resolve()),
    );
  });
}

describe("engine: esign export --format pulumi-import, then pulumi import --file", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let dir: string;
  /** The options the program deploys the exported account file with (nothing while undefined). */
  let declared: Parameters<typeof deployAccount>[1] | undefined;

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-export-import-"));
    // The account as someone made it in the web UI: no stack knows these objects.
    const client = new EsignClient({ apiKey: svc.apiKey, baseUrl: svc.baseUrl });
    await client.team.create({ name: "Ops" });
    await client.team.addMember({ email_address: ALICE, role: "Admin" });
    await client.apiApp.create({ name: "Portal", domains: ["portal.example.com"] });
    const template = await client.template.create({
      files: [{ filename: "nda.pdf", content: fs.readFileSync(pdf), contentType: "application/pdf" }],
      title: "NDA",
      signer_roles: [{ name: "Client", order: 0 }],
      form_fields_per_document: [{ document_index: 0, api_id: "sig", type: "signature", x: 100, y: 600, width: 200, height: 40, required: true, signer: 0, page: 1 }],
    });
    await client.template.addUser(template.template_id, { email_address: ALICE });
    const line = await client.faxLine.create({ area_code: 415, country: "US", city: "San Francisco" });
    await client.faxLine.addUser({ number: line.number, email_address: ALICE });

    const file = path.join(dir, "account.yaml");
    t = await newStack(
      "export-import",
      () => {
        if (declared) deployAccount(loadAccountFile(file), declared, nativeClasses);
        return {};
      },
      { config: svc.stackConfig(), env: pluginEnv() },
    );
  });
  after(async () => {
    // The stack only holds what the service had before it; drop the stack, keep no objects.
    await t?.dispose({ skipDestroy: true });
    await svc?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("imports every object of the exported file into an empty stack, reading only", async () => {
    const importFile = path.join(dir, "import.json");
    await esign(["export", "--format", "pulumi-import", "--out", importFile], svc);
    await esign(["export", "--out", path.join(dir, "account.yaml")], svc);
    const entries = (JSON.parse(fs.readFileSync(importFile, "utf8")) as ImportFile).resources;
    assert.strictEqual(entries.length, 7, "team, member, app, template, access, line, user");

    const seq = await svc.lastSeq();
    const r = await stackCli(t, ["import", "--file", importFile, "--yes", "--generate-code=false"]);
    assert.strictEqual(r.code, 0, r.stderr + r.stdout);
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((q) => q.method !== "GET"),
      [],
      "an import only reads",
    );

    const state = (await t.stack.exportStack()).deployment.resources as { urn: string; type: string; protect?: boolean; provider?: string; inputs?: Record<string, string> }[];
    for (const e of entries) {
      const res = state.find((s) => s.urn.endsWith(`::${e.name}`));
      assert.ok(res, `${e.name} is in state`);
      assert.strictEqual(res.type, e.type);
      assert.strictEqual(res.protect, true, `${e.name}: pulumi import protects what it imports`);
      assert.match(res.provider ?? "", /::pulumi:providers:esign::default_0_1_0_github/, `${e.name}: the default provider of the file's version and URL`);
    }
    const provider = state.find((s) => s.type === "pulumi:providers:esign")!;
    assert.deepStrictEqual([provider.inputs?.version, (provider.inputs?.__internal as unknown as Record<string, string>)?.pluginDownloadURL], [version, PLUGIN_DOWNLOAD_URL]);
  });

  it("a program declaring the same objects, protected, on the same plugin version and URL, previews no change", async () => {
    declared = { protect: true, version, pluginDownloadURL: PLUGIN_DOWNLOAD_URL };
    const seq = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "a preview sends no request");
  });

  it("without the version and URL too: the engine takes both from the plugin the state already uses", async () => {
    declared = { protect: true };
    await t.stack.preview({ expectNoChanges: true });
  });

  it("a program that leaves `protect` out previews no change, but its up lifts the import's protection", async () => {
    declared = {};
    const preview = await t.stack.preview({ diff: true });
    assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), {});
    assert.match(preview.stdout, /esign:index:Team: \(same\) 🔓/, "the preview marks the protection it lifts");
    const seq = await svc.lastSeq();
    await t.stack.up();
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((q) => q.method !== "GET"),
      [],
    );
    const state = (await t.stack.exportStack()).deployment.resources as { urn: string; protect?: boolean }[];
    const protectedNow = (name: string) => state.find((r) => r.urn.endsWith(`::${name}`))?.protect === true;
    assert.strictEqual(protectedNow("team"), false);
    assert.strictEqual(
      protectedNow(
        state
          .find((r) => r.urn.includes("esign:index:FaxLine::"))!
          .urn.split("::")
          .pop()!,
      ),
      true,
      "the account file protects fax lines itself",
    );
  });
});
