/**
 * `esign drift` through the real CLI on a real project directory: after `up` a clean stack
 * reports nothing (exit 0); out-of-band edits through the local service's control plane (a
 * renamed team, a removed member, a changed app domain, a withdrawn template access) are each
 * reported exactly, one entry per property (exit 2); a missing stack is an error (exit 1).
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import { parseDocument } from "yaml";
import { changes, localBackendEnv, pulumiBinDir, repoRoot, tearDownProject } from "../support/engine";
import { localService, LocalService } from "../../support/local";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("engine: esign drift", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let dir: string;
  let env: Record<string, string>;
  let stack: Stack;
  const stackName = "test";

  /** The package's CLI as a user runs it (the compiled dist/, as installed). */
  const esign = (args: string[]) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        [path.join(repoRoot, "dist", "provider", "cli", "esign.js"), "drift", ...args],
        { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 16 << 20 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const state = async (name: string) => {
    const found = ((await stack.exportStack()).deployment.resources ?? []).find((r: any) => r.urn.endsWith(`::${name}`));
    assert.ok(found, `${name} is in state`);
    return found.outputs;
  };

  before(async () => {
    // The sparse response profile (D129): values the service leaves out are not drift.
    svc = await localService({ autoAcceptInvites: true, responseProfile: "sparse" });
    // A real project directory inside the repository, so the program resolves pulumi-esign
    // (the package's self-reference) and @pulumi/pulumi like an installed project would.
    dir = path.join(repoRoot, ".pulumi-local", `drift-test-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(repoRoot, "examples", "files"), path.join(dir, "examples", "files"), { recursive: true });
    // The example account plus dave, a member nothing else refers to (removing him drifts him alone).
    const doc = parseDocument(fs.readFileSync(path.join(repoRoot, "account.yaml"), "utf8"));
    (doc.get("members") as any).add({ emailAddress: "dave@acme.example", role: "Member" });
    fs.writeFileSync(path.join(dir, "account.yaml"), doc.toString());
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: esign-drift-test\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(
      path.join(dir, "index.js"),
      [
        'const esign = require("pulumi-esign");',
        'const deployed = esign.deployAccount(esign.loadAccountFile(require("path").join(__dirname, "account.yaml")));',
        "exports.teamId = deployed.teamId;",
        "exports.apiApps = deployed.apiApps;",
        "exports.templates = deployed.templates;",
        "",
      ].join("\n"),
    );
    const bin = pulumiBinDir();
    env = localBackendEnv(dir);
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName, workDir: dir },
      {
        pulumiCommand: await PulumiCommand.get({ root: path.dirname(bin) }),
        envVars: env,
      },
    );
    for (const [key, v] of Object.entries(svc.stackConfig())) await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
    const up = await stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 13 }, "stack, team, 4 members, app, template, 2 accesses, line, 2 users");
  });

  after(() => tearDownProject(stack, svc, dir));

  it("reports nothing for a clean stack (exit 0), in every format, with the current stack", async () => {
    const text = await esign([]);
    assert.strictEqual(text.code, 0, text.stderr);
    assert.strictEqual(text.stdout, "stack test: no drift\n");
    const json = await esign([dir, "--stack", stackName, "--format", "json"]);
    assert.strictEqual(json.code, 0, json.stderr);
    assert.deepStrictEqual(JSON.parse(json.stdout), { stack: "test", drifted: false, differences: [], unmanagedFound: false, unmanaged: [] });
  });

  it("reports each out-of-band edit exactly (exit 2) and masks nothing it need not", async () => {
    const outputs = await stack.outputs();
    const teamId = outputs.teamId.value;
    const clientId = outputs.apiApps.value.portal;
    const templateId = outputs.templates.value.nda;
    const dave = (await state("member:dave@acme.example")).accountId;
    const bob = (await state("member:bob@acme.example")).accountId;
    const edits = [
      await svc.control("PATCH", "/team", { team_id: teamId, name: "Renamed Ops" }),
      await svc.control("DELETE", `/team/members/${dave}`),
      await svc.control("PATCH", `/api_apps/${clientId}`, { domains: ["portal.acme.example", "evil.example"] }),
      await svc.control("DELETE", `/templates/${templateId}/users/${bob}`),
    ];
    for (const e of edits) assert.ok(!e?.error, `control plane edit failed: ${JSON.stringify(e)}`);

    const json = await esign([dir, "--stack", stackName, "--format", "json"]);
    assert.strictEqual(json.code, 2, json.stderr);
    const report = JSON.parse(json.stdout);
    assert.strictEqual(report.drifted, true);
    assert.deepStrictEqual(report.differences, [
      { resource: "app:portal", type: "esign:ApiApp", property: "domains", git: '["portal.acme.example","acme.example"]', service: '["portal.acme.example","evil.example"]', action: "update" },
      { resource: "member:dave@acme.example", type: "esign:TeamMember", property: "(resource)", git: "(present)", service: "(absent)", action: "recreate" },
      { resource: "team", type: "esign:Team", property: "name", git: '"Acme Signing Ops"', service: '"Renamed Ops"', action: "update" },
      { resource: "template:nda:access:bob@acme.example", type: "esign:TemplateAccess", property: "(resource)", git: "(present)", service: "(absent)", action: "recreate" },
    ]);

    const text = await esign([dir, "--stack", stackName]);
    assert.strictEqual(text.code, 2, text.stderr);
    assert.match(text.stdout, /^team \(esign:Team\) name: git "Acme Signing Ops", service "Renamed Ops" -> update$/m);
    assert.match(text.stdout, /^stack test: 4 differences$/m);

    const markdown = await esign([dir, "--stack", stackName, "--format", "markdown"]);
    assert.strictEqual(markdown.code, 2, markdown.stderr);
    assert.match(markdown.stdout, /^### Drift of stack `test`: 4 differences$/m);
    assert.match(markdown.stdout, /^\| `app:portal` \| esign:ApiApp \| domains \| `\["portal.acme.example","acme.example"\]` \| `\["portal.acme.example","evil.example"\]` \| update \|$/m);

    // The report is read-only: state still holds the pre-drift values, and the API key never shows.
    assert.strictEqual((await state("team")).name, "Acme Signing Ops");
    for (const out of [json, text, markdown]) assert.ok(!`${out.stdout}${out.stderr}`.includes(svc.apiKey), "API key not printed");
  });

  it("fails with exit 1 for an unknown stack, 64 (usage) for an unknown format, each in a clear message", async () => {
    const missing = await esign([dir, "--stack", "nope"]);
    assert.strictEqual(missing.code, 1);
    assert.match(missing.stderr, /^esign drift: .*nope/m);
    const format = await esign(["--format", "yaml"]);
    assert.strictEqual(format.code, 64);
    assert.match(format.stderr, /^esign drift: --format must be one of text, markdown, json, got "yaml"/);
  });
});
