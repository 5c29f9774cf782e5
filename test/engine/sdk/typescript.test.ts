/**
 * The generated Node.js SDK (sdk/nodejs, compiled as a user installs it) in a TypeScript
 * program: the shared proof (test/sdk/proof.ts) through the real CLI as an inline Automation
 * API program, and a user's program type-checked against the package's declarations.
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { changes, newStack, repoRoot } from "../support/engine";
import { enginePath, FIELDS, LEGACY_APP, proveSdk, Scenario, ALICE, appArgs, type ProgramRunner } from "../../sdk/proof";

/** sdk/nodejs compiled into sdk/nodejs/bin (cached by its sources): the package a user installs. */
function sdkBin(): string {
  return execFileSync(path.join(repoRoot, "scripts", "build-sdk-nodejs"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop()!;
}

/** The proof's program on `@esign/pulumi` (the other languages' programs mirror it). */
function program(esign: Record<string, any>, env: Record<string, string>) {
  const settings = { baseUrl: env.ESIGN_PROOF_BASE_URL, requestsPerMinute: 60000 };
  const a = new esign.Provider("a", { apiKey: env.ESIGN_PROOF_KEY_A, ...settings });
  const b = new esign.Provider("b", { apiKey: env.ESIGN_PROOF_KEY_B, ...settings });

  const team = new esign.Team("team", { name: "Ops" }, { provider: a });
  const alice = new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: ALICE, role: "Admin" }, { provider: a, dependsOn: [team] });
  const app = new esign.ApiApp("portal", appArgs, { provider: a });
  const template = new esign.Template("nda", { title: "NDA", files: [env.ESIGN_PROOF_PDF], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: FIELDS }, { provider: a });
  new esign.TemplateAccess("nda:alice", { templateId: template.templateId, emailAddress: ALICE }, { provider: a, dependsOn: [alice] });
  const line = new esign.FaxLine("main", { areaCode: 415, country: "US", city: "San Francisco" }, { provider: a });
  new esign.FaxLineUser("main:alice", { number: line.number, emailAddress: ALICE }, { provider: a, dependsOn: [alice] });

  const second = new esign.Account("second", { text: env.ESIGN_PROOF_ACCOUNT }, { provider: b });
  const legacy = new esign.ApiApp("legacy", LEGACY_APP, { provider: b, import: env.ESIGN_PROOF_IMPORT_ID });
  const accountB = esign.getAccountOutput({ provider: b });
  return {
    teamId: team.teamId, clientId: app.clientId, oauthSecret: app.oauthSecret, templateId: template.templateId, number: line.number,
    secondTeamId: second.teamId, legacyClientId: legacy.clientId, accountB: accountB.accountId,
  };
}

async function typescriptRunner(scenario: Scenario): Promise<ProgramRunner> {
  const esign = require(sdkBin());
  const t = await newStack("sdk-typescript", () => program(esign, scenario.env), { env: { PATH: enginePath() } });
  return {
    async run(step) {
      if (step === "preview") return { changes: changes({ resourceChanges: (await t.stack.preview()).changeSummary }) };
      if (step === "up") {
        const up = await t.stack.up();
        return { changes: changes(up.summary), outputs: up.outputs };
      }
      return { changes: changes((await t.stack[step]()).summary) };
    },
    exportText: () => t.exportText(),
    close: () => t.dispose({ skipDestroy: true }),
  };
}

proveSdk("TypeScript", typescriptRunner);

describe("sdk/nodejs: a user's TypeScript program type-checks against the package", function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-sdk-ts-"));
    const bin = sdkBin();
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, module: "commonjs", target: "ES2022", types: [], typeRoots: [path.join(repoRoot, "node_modules", "@types")],
        baseUrl: ".", paths: { "@esign/pulumi": [bin], "@pulumi/pulumi": [path.join(repoRoot, "node_modules", "@pulumi", "pulumi")] },
      },
      files: ["index.ts"],
    }));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const tsc = (source: string) => {
    fs.writeFileSync(path.join(dir, "index.ts"), source);
    const r = spawnSync(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8" });
    return { status: r.status, out: r.stdout + r.stderr };
  };
  /** The README's TypeScript example for the SDK, as written there. */
  const README_PROGRAM = (() => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes(`from "@esign/pulumi"`));
    assert.ok(block, "README.md has a ts block importing @esign/pulumi");
    return block;
  })();

  it("the README's program compiles", () => {
    const r = tsc(README_PROGRAM);
    assert.strictEqual(r.status, 0, r.out);
  });

  it("a misspelt input does not", () => {
    const r = tsc(README_PROGRAM.replace(`{ name: "Ops" }`, `{ nmae: "Ops" }`));
    assert.notStrictEqual(r.status, 0);
    assert.match(r.out, /nmae/);
  });
});
