/**
 * The acceptance run (test/acceptance/main.ts, `npm run test:acceptance`) proven against the
 * local service standing in for the real one: it refuses an account holding objects no run
 * made, runs a resource's engine scenario (ApiApp) through the real CLI with the run's prefix
 * when told foreign objects are allowed and leaves them alone, says the fax scenario is skipped,
 * and its sweeper removes by prefix and only by prefix. The real run itself is not part of
 * `npm test`: it needs ESIGN_ACCEPTANCE_BASE_URL and ESIGN_ACCEPTANCE_API_KEY (main.ts is not
 * a *.test.ts file).
 */
import * as assert from "assert";
import { spawn } from "child_process";
import * as path from "path";
import { acceptanceConfig, emailFor, isOurEmail, isOurName } from "./config";
import { pulumiBinDir } from "../engine/support/engine";
import { api, localService, type LocalService } from "../support/local";

const repoRoot = path.resolve(__dirname, "..", "..");

describe("acceptance: the run and its sweeper, against the local service", function () {
  this.timeout(900_000);
  let svc: LocalService;
  const EMAIL = "ops+{tag}@example.com";

  const run = (args: string[], extra: Record<string, string> = {}) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${pulumiBinDir()}:${process.env.PATH}` };
    for (const name of Object.keys(env)) if (name.startsWith("ESIGN_")) delete env[name];
    Object.assign(env, { ESIGN_ACCEPTANCE_BASE_URL: svc.baseUrl, ESIGN_ACCEPTANCE_API_KEY: svc.apiKey, ESIGN_ACCEPTANCE_EMAIL: EMAIL, ...extra });
    // Asynchronously: the service answering the run lives in this process.
    const child = spawn(process.execPath, ["scripts/run-ts.js", "test/acceptance/main.ts", ...args], { cwd: repoRoot, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });
  };
  const appNames = async () => ((await api(svc).get("/api_app/list")).data.api_apps as { name: string }[]).map((a) => a.name).sort();

  before(async () => {
    svc = await localService();
  });
  after(async () => {
    await svc?.close();
  });

  it("reads its settings: the base URL and key are required, the e-mail form needs {tag}", () => {
    assert.throws(() => acceptanceConfig({}), /ESIGN_ACCEPTANCE_BASE_URL and ESIGN_ACCEPTANCE_API_KEY must be set/);
    const base = { ESIGN_ACCEPTANCE_BASE_URL: "https://api.example.com/v3/", ESIGN_ACCEPTANCE_API_KEY: "k" };
    assert.throws(() => acceptanceConfig({ ...base, ESIGN_ACCEPTANCE_EMAIL: "ops@example.com" }), /ESIGN_ACCEPTANCE_EMAIL must be an address whose local part holds \{tag\}/);
    const config = acceptanceConfig({ ...base, ESIGN_ACCEPTANCE_EMAIL: EMAIL, ESIGN_ACCEPTANCE_RUN_ID: "R1" });
    assert.strictEqual(config.baseUrl, "https://api.example.com/v3");
    assert.strictEqual(config.runPrefix, "esign-acc-r1-");
    assert.strictEqual(emailFor(config, "alice"), "ops+esign-acc-r1-alice@example.com");
    assert.ok(isOurEmail(config, "ops+esign-acc-zz-bob@example.com"), "any run's invitee");
    assert.ok(!isOurEmail(config, "ops+bob@example.com") && !isOurEmail(config, "esign-acc-r1-alice@example.com"), "the prefix in the tag, in the configured form");
    assert.ok(isOurName("esign-acc-r1-Portal") && !isOurName("esign-accounting") && !isOurName("My esign-acc-app"));
  });

  it("refuses to start when the account holds an object no run made, naming it", async () => {
    assert.strictEqual((await api(svc).post("/api_app", { name: "Production portal", domains: ["prod.example.com"] })).status, 201);
    const r = await run(["--only", "api-app"]);
    assert.strictEqual(r.status, 3, r.stdout + r.stderr);
    assert.match(r.stderr, /refusing to start: the account holds 1 objects not named esign-acc-\.\.\./);
    assert.match(r.stderr, /^ {2}api_app Production portal$/m);
    assert.match(r.stderr, /ESIGN_ACCEPTANCE_ALLOW_FOREIGN=1/);
  });

  it("runs the ApiApp scenario through the real engine with the run's prefix, leaving foreign objects alone; fax is skipped and says so", async () => {
    const r = await run(["--only", "api-app,fax-line"], { ESIGN_ACCEPTANCE_ALLOW_FOREIGN: "1", ESIGN_ACCEPTANCE_RUN_ID: "proof1" });
    const out = r.stdout + r.stderr;
    assert.strictEqual(r.status, 0, out);
    assert.match(out, /run proof1: objects named esign-acc-proof1-\.\.\., invitees like ops\+esign-acc-proof1-alice@example\.com, test mode on/);
    assert.match(out, /fax-line: skipped: fax lines cost money .*; set ESIGN_ACCEPTANCE_FAX=1 to run it/);
    assert.match(out, /going on \(ESIGN_ACCEPTANCE_ALLOW_FOREIGN=1\)/);
    assert.match(out, /acceptance: ApiApp/);
    assert.match(out, /8 passing/);
    assert.match(out, /acceptance: api-app: passed/);
    const made = (await svc.requestsSince(0)).filter((q) => q.method === "POST" && q.path === "/v3/api_app");
    assert.strictEqual(made.length, 2, "the foreign app and the scenario's");
    assert.deepStrictEqual(await appNames(), ["Production portal"], "the scenario destroyed its app; the foreign one is untouched");
  });

  it("the sweeper removes by prefix, and only by prefix", async () => {
    const post = async (url: string, body: unknown) => {
      const r = await api(svc).post(url, body);
      assert.ok(r.status < 300, `${url}: ${r.status} ${JSON.stringify(r.data)}`);
      return r.data;
    };
    for (const name of ["esign-acc-old1-Portal", "esign-accounting", "My esign-acc-app"]) await post("/api_app", { name, domains: ["x.example.com"] });
    // A foreign team holding one invitee of an earlier run and one person of the account's own.
    await post("/team/create", { name: "Ops" });
    const ours = "ops+esign-acc-old1-bob@example.com";
    for (const email of [ours, "carol@example.com"]) {
      await api(svc).put("/team/add_member", { email_address: email });
      await svc.control("POST", "/invites/accept", { email_address: email });
    }
    // A fax line with that invitee on it is a run's; one with nobody on it cannot be told apart.
    const ourLine = (await post("/fax_line/create", { area_code: 415, country: "US" })).fax_line.number;
    assert.strictEqual((await api(svc).put("/fax_line/add_user", { number: ourLine, email_address: ours })).status, 200);
    const bareLine = (await post("/fax_line/create", { area_code: 212, country: "US" })).fax_line.number;

    const r = await run(["--sweep"]);
    const out = r.stdout + r.stderr;
    assert.strictEqual(r.status, 0, out);
    assert.match(out, /removed api_app esign-acc-old1-Portal/);
    assert.match(out, new RegExp(`removed fax_line \\${ourLine}`));
    assert.match(out, new RegExp(`removed team_member ops\\+esign-acc-old1-bob@example\\.com`));
    assert.match(out, new RegExp(`kept fax_line \\${bareLine} \\(no users\\)`));
    assert.match(out, /sweep: 3 removed, 0 failed, 6 not made by a run \(untouched\)/);

    assert.deepStrictEqual(await appNames(), ["My esign-acc-app", "Production portal", "esign-accounting"]);
    const team = (await api(svc).get("/team")).data.team;
    assert.strictEqual(team.name, "Ops", "a foreign team stays");
    const emails = (team.accounts as { email_address: string }[]).map((a) => a.email_address);
    assert.ok(emails.includes("carol@example.com") && !emails.includes(ours), emails.join(", "));
    assert.strictEqual((await api(svc).get("/fax_line", { params: { number: ourLine } })).status, 404);
    assert.strictEqual((await api(svc).get("/fax_line", { params: { number: bareLine } })).status, 200);
  });
});
