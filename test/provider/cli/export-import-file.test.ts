/**
 * `esign export --format pulumi-import` writes the engine's import file: one entry per object
 * the account file export lists, named as the account file's program names it, with an id
 * the native plugin's read takes (each is read back here through the same runtime read, with
 * only the properties import-ids.ts derives from it), and the plugin's version and download URL.
 * The engine round trip is test/engine/native/export-import.test.ts.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { esign, withoutProgress } from "./run-esign";
import type { ImportFile } from "../../../provider/cli/import-file";
import { PLUGIN_DOWNLOAD_URL } from "../../../provider/native/version";
import { propsFromId } from "../../../provider/native/import-ids";
import { ProviderHarness } from "../support/harness";

const pdf = path.resolve(__dirname, "..", "..", "..", "examples", "files", "nda.pdf");
const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];
const version = (require("../../../package.json") as { version: string }).version;

describe("esign export --format pulumi-import", () => {
  let h: ProviderHarness;
  let dir: string;
  let creds: string[];
  const made: Record<string, string> = {};

  before(async () => {
    h = await ProviderHarness.start({ autoAcceptInvites: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-export-import-"));
    // The key from a file: --api-key is refused (a key in argv is visible to other users, D134).
    fs.writeFileSync(path.join(dir, "key"), `${h.svc.apiKey}\n`, { mode: 0o600 });
    creds = ["--api-key-file", path.join(dir, "key"), "--base-url", h.svc.baseUrl];
    const alice = await h.newAccount("alice@example.com");
    made.alice = alice.account_id;
    made.team = (await h.resource("Team").create({ name: "Ops" })).id;
    await h.resource("TeamMember").create({ teamId: made.team, emailAddress: "alice@example.com", role: "Admin" });
    await h.resource("TeamMember").create({ teamId: made.team, emailAddress: "Bob@Example.com" });
    made.app = (await h.resource("ApiApp").create({ name: "Portal", domains: ["portal.example.com"] })).id;
    made.template = (await h.resource("Template").create({ title: "NDA", files: [pdf], signerRoles: [{ name: "Client" }], formFieldsPerDocument: fields })).id;
    await h.resource("TemplateAccess").create({ templateId: made.template, emailAddress: "alice@example.com" });
    made.line = (await h.resource("FaxLine").create({ areaCode: 415, country: "US", city: "San Francisco" })).id;
    await h.resource("FaxLineUser").create({ number: made.line, emailAddress: "alice@example.com" });
    h.nextRun();
  });
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const exported = async (...extra: string[]): Promise<ImportFile> => {
    const out = path.join(dir, `import-${Math.random().toString(36).slice(2)}.json`);
    const r = await esign(["export", "--format", "pulumi-import", "--out", out, ...extra, ...creds]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(withoutProgress(r.stderr), /^esign export: wrote .*\.json \(8 resources\)$/);
    return JSON.parse(fs.readFileSync(out, "utf8"));
  };

  it("lists every object with the account file program's name, the native id, the version and the download URL", async () => {
    const file = await exported();
    const digits = made.line.replace(/\D/g, "");
    const bob = (await h.resource("TeamMember").read(`${made.team}/bob@example.com`, { teamId: made.team, emailAddress: "bob@example.com" })).props!.accountId;
    assert.deepStrictEqual(
      file.resources.map((r) => [r.type.replace("esign:index:", ""), r.name, r.id]),
      [
        ["Team", "team", made.team],
        ["TeamMember", "member:alice@example.com", `${made.team}/${made.alice}`],
        ["TeamMember", "member:bob@example.com", `${made.team}/${bob}`],
        ["ApiApp", "app:portal", made.app],
        ["Template", "template:nda", made.template],
        ["TemplateAccess", "template:nda:access:alice@example.com", `${made.template}/${made.alice}`],
        ["FaxLine", `fax:line-${digits}`, made.line],
        ["FaxLineUser", `fax:line-${digits}:user:alice@example.com`, `${made.line}/${made.alice}`],
      ],
    );
    for (const r of file.resources) {
      assert.deepStrictEqual([r.version, r.pluginDownloadUrl, r.provider], [version, PLUGIN_DOWNLOAD_URL, undefined], r.name);
    }
    assert.strictEqual(file.nameTable, undefined);
  });

  it("each id is read back by the runtime's read from the properties the native plugin derives from it", async () => {
    for (const r of (await exported()).resources) {
      const kind = r.type.replace("esign:index:", "");
      const read = await h.resource(kind).read(r.id, propsFromId(kind, r.id));
      assert.strictEqual(read.id, r.id, `${r.name}: found by its id`);
      assert.ok(Object.keys(read.props ?? {}).length > 2, `${r.name}: read its properties`);
    }
  });

  it("--plugin-version sets the version; --provider NAME=URN names an explicit provider instead", async () => {
    assert.ok((await exported("--plugin-version", "1.2.3")).resources.every((r) => r.version === "1.2.3"));
    const urn = "urn:pulumi:prod::acct::pulumi:providers:esign::main";
    const file = await exported("--provider", `main=${urn}`);
    assert.deepStrictEqual(file.nameTable, { main: urn });
    for (const r of file.resources) assert.deepStrictEqual([r.provider, r.version, r.pluginDownloadUrl], ["main", undefined, undefined]);
  });

  it("refuses a bad format, a bad --provider and import-only flags on the account file as usage errors (64), in one line and the usage, before any request", async () => {
    const cases: [string[], string][] = [
      [["--format", "json"], 'esign export: --format must be one of account, pulumi-import, got "json"'],
      [
        ["--format", "pulumi-import", "--provider", "main"],
        'esign export: --provider must be NAME=URN of an esign provider in the stack (urn:pulumi:<stack>::<project>::pulumi:providers:esign::<name>), got "main"',
      ],
      [["--plugin-version", "1.0.0"], "esign export: --plugin-version applies to --format pulumi-import only"],
      [
        ["--format", "pulumi-import", "--plugin-version", "1.0.0", "--provider", "m=urn:pulumi:s::p::pulumi:providers:esign::m"],
        "esign export: --plugin-version and --provider exclude each other (an explicit provider names its own version)",
      ],
    ];
    for (const [args, message] of cases) {
      const { result, calls } = await h.counting(() => esign(["export", "--out", path.join(dir, "never.json"), ...args, ...creds]));
      assert.deepStrictEqual([result.code, result.stderr.split("\n")[0]], [64, message]);
      assert.match(result.stderr, /\nusage: esign export /);
      assert.deepStrictEqual(calls, []);
    }
    assert.ok(!fs.existsSync(path.join(dir, "never.json")));
  });
});
