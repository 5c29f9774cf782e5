/**
 * The whole account as git sees it, through the real CLI and engine: after `up` of the example
 * account file, web-UI stand-ins (the owner's own key on the API) add a member, an open
 * invitation, a template user, a fax line user, an API app and a fax line. `esign drift` lists
 * each of them, and only them, as unmanaged (exit 3). With `authoritative: [members,
 * templates.access, faxLines.users]` the report says the next `up` removes the people (exit 2),
 * the preview names each removal by e-mail, and `up` removes them while the key holder and the
 * Admin stay. Objects matched by `ignore` are not reported: the account is clean again (exit 0).
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import { parseDocument } from "yaml";
import { changes, localBackendEnv, pulumiBinDir, repoRoot, tearDownProject } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("engine: esign drift lists what git does not, and authoritative lists remove it", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let dir: string;
  let env: Record<string, string>;
  let stack: Stack;
  const stackName = "test";
  const OUTSIDER = "zed@outside.example";
  const INVITED = "ivy@outside.example";

  const esign = (args: string[]) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        [path.join(repoRoot, "dist", "provider", "cli", "esign.js"), "drift", dir, "--stack", stackName, ...args],
        { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 16 << 20 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const editFile = (edit: (doc: ReturnType<typeof parseDocument>) => void) => {
    const file = path.join(dir, "account.yaml");
    const doc = parseDocument(fs.readFileSync(file, "utf8"));
    edit(doc);
    fs.writeFileSync(file, doc.toString());
  };
  const people = async () => {
    const team = (await api(svc).get("/team")).data.team;
    return [...team.accounts.map((a: { email_address: string }) => a.email_address), ...team.invited_emails].sort();
  };

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    dir = path.join(repoRoot, ".pulumi-local", `unmanaged-test-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(repoRoot, "examples", "files"), path.join(dir, "examples", "files"), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, "account.yaml"), path.join(dir, "account.yaml"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: esign-unmanaged-test\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(
      path.join(dir, "index.js"),
      [
        'const esign = require("pulumi-esign");',
        'const deployed = esign.deployAccount(esign.loadAccountFile(require("path").join(__dirname, "account.yaml")));',
        "exports.templates = deployed.templates;",
        "exports.faxLines = deployed.faxLines;",
        "",
      ].join("\n"),
    );
    const bin = pulumiBinDir();
    env = localBackendEnv(dir);
    stack = await LocalWorkspace.createOrSelectStack({ stackName, workDir: dir }, { pulumiCommand: await PulumiCommand.get({ root: path.dirname(bin) }), envVars: env });
    for (const [key, v] of Object.entries(svc.stackConfig())) await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
    const up = await stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 12 });
  });

  after(() => tearDownProject(stack, svc, dir));

  it("a clean account reports clean (exit 0)", async () => {
    const run = await esign(["--format", "json"]);
    assert.strictEqual(run.code, 0, run.stderr);
    assert.deepStrictEqual(JSON.parse(run.stdout).unmanaged, []);
  });

  it("lists each object added outside git, and only those, with what it is and since when (exit 3)", async () => {
    const outputs = await stack.outputs();
    const templateId = outputs.templates.value.nda;
    const number = outputs.faxLines.value.main;
    const owner = api(svc);
    const ok = (r: { status: number; data: unknown }) => assert.ok(r.status < 300, JSON.stringify(r.data));
    ok(await owner.put("/team/add_member", { email_address: OUTSIDER })); // joins at once (auto-accept)
    // The next invitation stays open: the stand-in of someone who has not answered yet.
    (svc as unknown as { app: { options: { autoAcceptInvites: boolean } } }).app.options.autoAcceptInvites = false;
    ok(await owner.put("/team/add_member", { email_address: INVITED }));
    ok(await owner.post(`/template/add_user/${templateId}`, { email_address: OUTSIDER }));
    ok(await owner.put("/fax_line/add_user", { number, email_address: OUTSIDER }));
    ok(await owner.post("/api_app", { name: "Shadow app", domains: ["shadow.example"] }));
    const line = (await owner.post("/fax_line/create", { area_code: 212, country: "US" })).data.fax_line;

    const run = await esign(["--format", "json"]);
    assert.strictEqual(run.code, 3, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.deepStrictEqual([report.drifted, report.differences, report.unmanagedFound], [false, [], true]);
    const rows = report.unmanaged.map((u: Record<string, string>) => [u.collection, u.what, u.name, u.action]);
    assert.deepStrictEqual(rows, [
      ["members", "team member", OUTSIDER, "nothing"],
      ["members", "open invitation", INVITED, "nothing"],
      ["apiApps", "API app", "Shadow app", "nothing"],
      ["templates.access", "template user", OUTSIDER, "nothing"],
      ["faxLines.users", "fax line user", OUTSIDER, "nothing"],
      ["faxLines", "fax line", line.number, "nothing"],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const since = Object.fromEntries(report.unmanaged.map((u: Record<string, string>) => [`${u.collection}:${u.name}`, u.since]));
    assert.deepStrictEqual([since[`members:${INVITED}`], since["apiApps:Shadow app"], since[`faxLines:${line.number}`]], [`invited ${today}`, `created ${today}`, `created ${today}`]);

    const text = await esign([]);
    assert.strictEqual(text.code, 3, text.stderr);
    assert.match(text.stdout, new RegExp(`^  open invitation ${INVITED.replace(".", "\\.")} \\(invited ${today}\\) \\[members\\] -> next up: nothing$`, "m"));
    assert.match(text.stdout, /^stack test: no drift, 6 unmanaged objects$/m);
  });

  it("with authoritative lists, drift says up removes the people (exit 2); preview names each by e-mail; up removes them, the key holder and the Admin stay", async () => {
    editFile((doc) => doc.set("authoritative", ["members", "templates.access", "faxLines.users"]));
    const run = await esign(["--format", "json"]);
    assert.strictEqual(run.code, 2, run.stderr);
    const report = JSON.parse(run.stdout);
    // The sets are new in git (not deployed yet); their removals are the unmanaged rows, not property differences.
    assert.deepStrictEqual(
      report.differences.map((d: Record<string, string>) => `${d.resource} ${d.type} ${d.action}`),
      ["fax:main:users esign:FaxLineUserSet create", "members esign:TeamMemberSet create", "template:nda:access esign:TemplateAccessSet create"],
    );
    const actions = report.unmanaged.map((u: Record<string, string>) => `${u.collection} ${u.name} ${u.action}`);
    assert.deepStrictEqual(actions, [
      `members ${OUTSIDER} removes it`,
      `members ${INVITED} removes it`,
      "apiApps Shadow app nothing",
      `templates.access ${OUTSIDER} removes it`,
      `faxLines.users ${OUTSIDER} removes it`,
      `faxLines ${report.unmanaged[5].name} nothing`,
    ]);

    const preview = await stack.preview({ diff: true });
    for (const scope of ["members", "template:nda:access", "fax:main:users"]) assert.match(preview.stdout, new RegExp(`${scope}`), `${scope} previewed`);
    assert.match(preview.stdout, /removals[\s\S]*zed@outside\.example/);
    assert.match(preview.stdout, /ivy@outside\.example/);

    const me = (await api(svc).get("/account")).data.account.email_address;
    const up = await stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 3 });
    assert.deepStrictEqual(await people(), ["alice@acme.example", "bob@acme.example", "carol@acme.example", me].sort());
    const after = await esign(["--format", "json"]);
    assert.deepStrictEqual(
      JSON.parse(after.stdout).unmanaged.map((u: Record<string, string>) => u.collection),
      ["apiApps", "faxLines"],
    );
    assert.strictEqual(after.code, 3, after.stderr);
  });

  it("objects matched by ignore are not reported, nor removed: the account is clean (exit 0)", async () => {
    const owner = api(svc);
    await owner.put("/team/add_member", { email_address: "auditor@audit.example" });
    editFile((doc) => doc.set("ignore", { members: ["*@audit.example"], apiApps: ["Shadow*"], faxLines: ["+1212*"] }));
    // The members list is authoritative: its set now keeps the ignored pattern (an update that removes nobody).
    const up = await stack.up();
    assert.deepStrictEqual(changes(up.summary), { update: 1 });
    assert.ok((await people()).includes("auditor@audit.example"), "an ignored member stays");
    const run = await esign([]);
    assert.strictEqual(run.code, 0, run.stdout + run.stderr);
    assert.strictEqual(run.stdout, "stack test: no drift\n");
  });
});
