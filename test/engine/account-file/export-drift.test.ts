/**
 * Starting from an existing account is one step: `esign export` writes everything the account
 * holds (the team, members and an open invitation, an app, a teammate's app, a template with a
 * user, a fax line with a user), the first `up` of that file adopts it all, and the first
 * `esign drift` after it is clean: no difference, nothing unmanaged (exit 0).
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { EsignClient } from "../../../provider/client";
import { changes, localBackendEnv, pulumiBinDir, repoRoot } from "../support/engine";
import { ProviderHarness } from "../../provider/support/harness";
import { ndaTemplate } from "../../provider/support/fixtures";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("engine: export, up, drift is clean", function () {
  this.timeout(900_000);
  let h: ProviderHarness;
  let dir: string;

  const cli = (args: string[], env: Record<string, string>) =>
    new Promise<Run>((resolve) => {
      execFile(process.execPath, [path.join(repoRoot, "dist", "provider", "cli", "esign.js"), ...args], { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  before(async () => {
    h = await ProviderHarness.start();
    dir = path.join(repoRoot, ".pulumi-local", `export-drift-test-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
  });
  after(async () => {
    await h?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("exports what the account holds, adopts it with no change, and the first drift report is clean", async () => {
    // The existing account, made as the web app would.
    const owner = new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
    const teamId = (await h.resource("Team").create({ name: "Acme" })).id;
    // Bob is a Developer: a Member's key cannot use the API (the real service's rule, D77), and he makes an app below.
    for (const [email, role] of [
      ["alice@acme.example", "Member"],
      ["bob@acme.example", "Developer"],
    ]) {
      await owner.team.addMember({ email_address: email, role } as never, { team_id: teamId });
      await h.control("POST", "/invites/accept", { email_address: email });
    }
    await owner.team.addMember({ email_address: "ivy@acme.example" } as never, {}); // stays invited
    const templateId = (await h.resource("Template").create(ndaTemplate())).id;
    await owner.template.addUser(templateId, { email_address: "alice@acme.example" } as never);
    const number = (await h.resource("FaxLine").create({ areaCode: 415, country: "US" })).id;
    await owner.faxLine.addUser({ number, email_address: "bob@acme.example" } as never);
    await owner.apiApp.create({ name: "Portal", domains: ["portal.acme.example"] } as never);
    // Bob's own app: listed by the account, changeable by Bob alone.
    const bob = ((await h.control("GET", "/accounts")).body.accounts as { email_address: string; api_key: string }[]).find((a) => a.email_address === "bob@acme.example")!;
    await new EsignClient({ apiKey: bob.api_key, baseUrl: h.svc.baseUrl }).apiApp.create({ name: "Bob's tool", domains: ["bob.acme.example"] } as never);

    const credentials = { ESIGN_API_KEY: h.svc.apiKey, ESIGN_BASE_URL: h.svc.baseUrl };
    const exported = await cli(["export", "--out", "account.yaml"], credentials);
    assert.strictEqual(exported.code, 0, exported.stderr);
    const text = fs.readFileSync(path.join(dir, "account.yaml"), "utf8");
    for (const needle of ["ivy@acme.example", "access:", "users:", "ignore:", "apiApps:"]) assert.ok(text.includes(needle), `${needle} exported:\n${text}`);

    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: esign-export-drift\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(dir, "index.js"), 'const esign = require("pulumi-esign");\nesign.deployAccount(esign.loadAccountFile(require("path").join(__dirname, "account.yaml")));\n');
    const env = localBackendEnv(dir);
    const stack = await LocalWorkspace.createOrSelectStack({ stackName: "test", workDir: dir }, { pulumiCommand: await PulumiCommand.get({ root: path.dirname(pulumiBinDir()) }), envVars: env });
    await stack.setConfig("esign:apiKey", { value: h.svc.apiKey, secret: true });
    await stack.setConfig("esign:baseUrl", { value: h.svc.baseUrl });
    const since = h.mark();
    const up = await stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 10 }, "stack, team, 3 members, app, template, access, line, user: all adopted");
    const writes = h.requestsSince(since).filter((e) => e.method !== "GET");
    assert.deepStrictEqual(
      writes.map((e) => `${e.method} ${e.path}`),
      [],
      "adoption sends nothing",
    );

    const drift = await cli(["drift", dir, "--stack", "test", "--format", "json"], env);
    assert.strictEqual(drift.code, 0, drift.stdout + drift.stderr);
    assert.deepStrictEqual(JSON.parse(drift.stdout).unmanaged, []);
    await stack.destroy().catch(() => undefined);
  });
});
