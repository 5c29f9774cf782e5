/**
 * The packed package in a user's program on the current toolchain: Node.js 24 from the
 * registry's binary package, the latest @pulumi/pulumi, and the Pulumi CLI built for it
 * (scripts/current-toolchain). The program lives outside the repo, installs pulumi-esign from
 * its `npm pack` tarball, uses the account file and all seven resources, and runs through the
 * real CLI and our language host (`pulumi up`, not inline Automation API) against the local
 * service of the installed package: up, an unchanged preview, refresh without drift, destroy.
 */
import * as assert from "assert";
import { spawn, ChildProcess } from "child_process";
import * as fs from "fs";
import * as path from "path";
import axios, { AxiosInstance } from "axios";
import { currentToolchain, CurrentToolchain, packRepo, run, runOk, tempDir } from "./support";

const programSource = path.join(__dirname, "program");
const apiKey = "packaging-test-key";
const kinds: Record<string, number> = { Team: 1, TeamMember: 3, ApiApp: 2, Template: 2, TemplateAccess: 2, FaxLine: 2, FaxLineUser: 2 };

describe("packaging: the packed package in a user's program on the current toolchain", function () {
  this.timeout(1_800_000);
  let tc: CurrentToolchain;
  let work: string;
  let program: string;
  let env: NodeJS.ProcessEnv;
  let service: ChildProcess | undefined;
  let api: AxiosInstance;
  const pulumi = (...args: string[]) => run("pulumi", [...args, "--non-interactive"], { cwd: program, env });
  const pulumiOk = (...args: string[]) => runOk("pulumi", [...args, "--non-interactive"], { cwd: program, env });

  before(async () => {
    tc = currentToolchain();
    work = tempDir("current-toolchain");
    const tarball = await packRepo(work);
    program = path.join(work, "program");
    fs.cpSync(programSource, program, { recursive: true });
    fs.writeFileSync(
      path.join(program, "package.json"),
      JSON.stringify(
        {
          name: "esign-user-program",
          private: true,
          dependencies: { "pulumi-esign": `file:${tarball}`, "@pulumi/pulumi": tc.sdkVersion },
          devDependencies: { typescript: "^5.9.3", "@types/node": "^24" },
        },
        null,
        2,
      ),
    );
    fs.mkdirSync(path.join(work, "state"));
    fs.mkdirSync(path.join(work, "home"));
    env = {
      ...process.env,
      // Node 24 first (npm, the language host and the provider plugin all run `node`), the CLI before it.
      PATH: `${tc.pulumiBin}:${tc.nodeBin}:${process.env.PATH}`,
      PULUMI_BACKEND_URL: `file://${path.join(work, "state")}`,
      PULUMI_HOME: path.join(work, "home"),
      PULUMI_CONFIG_PASSPHRASE: "packaging-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      TS_NODE_TRANSPILE_ONLY: undefined,
      PULUMI_NODEJS_TRANSPILE_ONLY: undefined,
    };
    await runOk("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: program, env });

    // The local service of the installed package, by its bin, on Node 24.
    const log = path.join(work, "service.log");
    const out = fs.openSync(log, "w");
    service = spawn(path.join(program, "node_modules", ".bin", "esign-service"), ["--port", "0", "--api-key", apiKey, "--auto-accept-invites"], { cwd: program, env, stdio: ["ignore", out, out] });
    let baseUrl: string | undefined;
    for (let i = 0; i < 300 && !baseUrl; i++) {
      baseUrl = /http:\/\/127\.0\.0\.1:\d+\/v3/.exec(fs.readFileSync(log, "utf8"))?.[0];
      if (!baseUrl) await new Promise((r) => setTimeout(r, 100));
    }
    if (!baseUrl) throw new Error(`esign-service did not start:\n${fs.readFileSync(log, "utf8")}`);
    env.ESIGN_BASE_URL = baseUrl;
    api = axios.create({ baseURL: baseUrl, auth: { username: apiKey, password: "" }, validateStatus: () => true });

    await pulumiOk("stack", "init", "dev");
    await pulumiOk("config", "set", "--secret", "esign:apiKey", apiKey);
  });

  after(async () => {
    if (program && env) {
      await pulumi("state", "unprotect", "--all", "--yes").catch(() => undefined);
      await pulumi("destroy", "--yes").catch(() => undefined);
    }
    service?.kill();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("runs Node 24, the latest @pulumi/pulumi and the CLI built for it", async () => {
    assert.match((await runOk("node", ["--version"], { cwd: program, env })).stdout, /^v24\./);
    const sdk = (await runOk("node", ["-p", "require('@pulumi/pulumi/package.json').version"], { cwd: program, env })).stdout.trim();
    assert.strictEqual(sdk, tc.sdkVersion);
    assert.strictEqual((await pulumiOk("version")).stdout.trim(), `v${tc.cliVersion}`);
    assert.strictEqual((await runOk("which", ["pulumi-language-nodejs"], { cwd: program, env })).stdout.trim(), path.join(tc.pulumiBin, "pulumi-language-nodejs"));
  });

  it("installs the package from the tarball with its compiled dist/ and no sources", () => {
    const installed = path.join(program, "node_modules", "pulumi-esign");
    assert.ok(fs.existsSync(path.join(installed, "dist", "provider", "index.d.ts")));
    assert.ok(!fs.existsSync(path.join(installed, "provider")), "TypeScript sources were packed");
    assert.ok(!fs.existsSync(path.join(installed, "test")), "tests were packed");
  });

  it("type-checks the program against the installed package's declarations", async () => {
    await runOk("node", [path.join(program, "node_modules", "typescript", "bin", "tsc"), "-p", "."], { cwd: program, env });
  });

  it("up creates every resource of the program on the service", async () => {
    const up = await pulumiOk("up", "--yes", "--skip-preview");
    assert.ok(!up.stdout.includes(apiKey) && !up.stderr.includes(apiKey), "the API key appears in the output of up");

    const state = JSON.parse((await pulumiOk("stack", "export")).stdout);
    assert.ok(!JSON.stringify(state).includes(apiKey), "the API key appears in state");
    const counts: Record<string, number> = {};
    for (const r of state.deployment.resources ?? []) {
      const kind = /esign:(\w+)$/.exec(r.type)?.[1];
      if (kind) counts[kind] = (counts[kind] ?? 0) + 1;
    }
    assert.deepStrictEqual(counts, kinds);

    const outputs = JSON.parse((await pulumiOk("stack", "output", "--json")).stdout);
    // --auto-accept-invites: the invitation is accepted at once, so dana is a member.
    assert.strictEqual(outputs.danaStatus, "member");
    const team = (await api.get("/team")).data.team;
    assert.strictEqual(team.name, "Packaging Test Team");
    for (const who of ["alice@example.com", "bob@example.com", "dana@example.com"]) {
      assert.ok(JSON.stringify(team.accounts).includes(who), `${who} is not on the team`);
    }
    const apps = (await api.get("/api_app/list")).data.api_apps;
    assert.deepStrictEqual(apps.map((a: any) => a.name).sort(), ["Direct app", "Portal"]);
    assert.ok(apps.some((a: any) => a.client_id === outputs.directClientId));
    const templates = (await api.get("/template/list")).data.templates;
    const byId = (id: string) => JSON.stringify(templates.find((t: any) => t.template_id === id));
    assert.ok(byId(outputs.templates.nda).includes("alice@example.com"));
    assert.ok(byId(outputs.directTemplateId).includes("dana@example.com"));
    const lines = (await api.get("/fax_line/list")).data.fax_lines;
    const byNumber = (n: string) => JSON.stringify(lines.find((l: any) => l.number === n));
    assert.ok(byNumber(outputs.faxLines.main).includes("bob@example.com"));
    assert.ok(byNumber(outputs.directNumber).includes("dana@example.com"));
  });

  it("a second preview changes nothing", async () => {
    await pulumiOk("preview", "--expect-no-changes");
  });

  it("refresh finds no drift", async () => {
    await pulumiOk("refresh", "--yes", "--expect-no-changes");
  });

  it("destroy refuses the protected fax line until it is unprotected, then removes everything it made", async () => {
    // The account file protects fax lines unless an entry says otherwise (a line's number is gone for good).
    const refused = await pulumi("destroy", "--yes");
    assert.notStrictEqual(refused.code, 0, "destroy of a protected fax line is refused");
    assert.match(refused.stdout, /FaxLine::fax:main" cannot be deleted\s+because it is protected/);
    await pulumiOk("state", "unprotect", "--all", "--yes");
    await pulumiOk("destroy", "--yes");
    const state = JSON.parse((await pulumiOk("stack", "export")).stdout);
    assert.deepStrictEqual(state.deployment.resources ?? [], []);
    assert.deepStrictEqual((await api.get("/api_app/list")).data.api_apps, []);
    assert.deepStrictEqual((await api.get("/template/list")).data.templates, []);
    assert.deepStrictEqual((await api.get("/fax_line/list")).data.fax_lines, []);
    assert.notStrictEqual((await api.get("/team")).status, 200, "the team still exists");
  });
});
