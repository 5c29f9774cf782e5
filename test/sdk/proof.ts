/**
 * The proof that the generated SDKs work end to end, written once for every language: one
 * scenario (the same program in TypeScript: test/engine/sdk/typescript.test.ts, Go:
 * test/sdk/go/main.go, and Python: test/sdk/python/proof.py), run step by step through the real CLI against a fresh local service, with the same assertions for each
 * language, and the API calls of each step compared with the dynamic provider's (the same
 * objects made by `pulumi-esign`'s dynamic resources on another service).
 *
 * The program, per language:
 * - explicit providers `a` (account A) and `b` (account B), keys given to the program, never config;
 * - on `a`: the seven resources (Team, TeamMember, ApiApp, Template, TemplateAccess, FaxLine, FaxLineUser);
 * - on `b`: an `esign:index:Account` component from an account file's text, an ApiApp imported
 *   with the `import` option (made beforehand through the API), and the getAccount lookup.
 */
import * as assert from "assert";
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { deployAccount } from "../../provider/account-file/program";
import { dynamicClasses } from "../../provider/dynamic/classes";
import { parseAccountFile } from "../../provider/account-file/load";
import { localBackendEnv, newStack, pulumiBinDir, repoRoot } from "../engine/support/engine";
import { api, localService, LocalService } from "../support/local";
import { ALICE, allSeven, appArgs, fields, pdf, pluginBinDir, pluginEnv } from "../engine/support/native-support";

export type Step = "up" | "preview" | "refresh" | "destroy";
export interface StepResult {
  /** Resource operations other than `same`, e.g. { create: 3 }. */
  changes: Record<string, number>;
  /** Stack outputs (up only). */
  outputs?: Record<string, { value: unknown; secret: boolean }>;
}
/** One language's program, driven step by step. */
export interface ProgramRunner {
  run(step: Step): Promise<StepResult>;
  /** `pulumi stack export` as the CLI prints it (secrets encrypted). */
  exportText(): Promise<string>;
  close(): Promise<void>;
}

/** The seven resources' data is the native plugin's tests' (engine/native-support.ts), so all hosts build the same. */
export { ALICE, appArgs, fields as FIELDS };
export const LEGACY_APP = { name: "Legacy", domains: ["legacy.example.com"] };
/** Account B as an account file: what the Account component deploys. */
export const SECOND_ACCOUNT = [
  "team:",
  "  name: Second",
  "members:",
  "  - emailAddress: bob@example.com",
  "    role: Member",
  "apiApps:",
  "  - key: intranet",
  "    name: Intranet",
  "    domains: [intranet.example.com]",
  "",
].join("\n");

/** Everything a program needs, as the environment variables every language reads. */
export interface Scenario {
  svc: LocalService;
  accountA: string;
  accountB: string;
  keyB: string;
  importId: string;
  env: Record<string, string>;
}

async function accountId(svc: LocalService, key: string): Promise<string> {
  const res = await api(svc, key).get("/account");
  return res.data.account.account_id;
}

/** A fresh service with two accounts, and account B's app that the program imports. */
export async function startScenario(): Promise<Scenario> {
  const svc = await localService({ autoAcceptInvites: true });
  const second = await svc.control("POST", "/accounts", { email_address: "second@example.com" });
  const made = await api(svc, second.api_key).post("/api_app", LEGACY_APP);
  assert.ok(made.status < 300, JSON.stringify(made.data));
  const importId = made.data.api_app.client_id;
  return {
    svc,
    accountA: await accountId(svc, svc.apiKey),
    accountB: second.account_id,
    keyB: second.api_key,
    importId,
    env: {
      ESIGN_PROOF_BASE_URL: svc.baseUrl,
      ESIGN_PROOF_KEY_A: svc.apiKey,
      ESIGN_PROOF_KEY_B: second.api_key,
      ESIGN_PROOF_IMPORT_ID: importId,
      ESIGN_PROOF_PDF: pdf,
      ESIGN_PROOF_ACCOUNT: SECOND_ACCOUNT,
      ESIGN_PROOF_FIELDS: JSON.stringify(fields),
    },
  };
}

/** The Go toolchain (Go >= 1.25, as for the CLI build: scripts/ensure-pulumi). */
export function goBinary(): string {
  for (const dir of (process.env.PATH ?? "").split(":")) if (dir && fs.existsSync(path.join(dir, "go"))) return path.join(dir, "go");
  if (fs.existsSync("/usr/local/go/bin/go")) return "/usr/local/go/bin/go";
  throw new Error("no Go toolchain on PATH or in /usr/local/go (the Go proofs need Go >= 1.25)");
}

/** Go builds as scripts/ensure-pulumi builds the CLI: this toolchain, module mode, every module checked against the checksum database (D133). */
export const goEnv = { GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod" };

/** The venv's python (made on first use, then cached: scripts/ensure-python). */
export function venvPython(): string {
  return execFileSync(path.join(repoRoot, "scripts", "ensure-python"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop()!;
}

/** PATH with the plugin and the CLI: all an inline program of any language needs. */
export function enginePath(): string {
  return pluginEnv().PATH;
}

/**
 * A program in another language, run once per step as a command (`<command> <step>`) that
 * hosts an Automation API inline program; its last line of stdout is the step's result.
 * The backend (a file state in a temp dir, a passphrase) is engine/support/engine's localBackendEnv.
 */
export function commandRunner(project: string, command: string, args: string[], programEnv: Record<string, string>): ProgramRunner {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `esign-${project}-`));
  fs.mkdirSync(path.join(dir, "work"));
  const env = {
    ...process.env,
    ...programEnv,
    ESIGN_PROOF_WORKDIR: path.join(dir, "work"),
    ...localBackendEnv(dir),
    PATH: enginePath(),
  };
  const exec = (file: string, argv: string[], cwd?: string) =>
    new Promise<string>((resolve, reject) =>
      execFile(file, argv, { env, cwd, encoding: "utf8", maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${path.basename(file)} ${argv.join(" ")} failed: ${error.message}\n${stderr.slice(-4000)}`)) : resolve(stdout),
      ),
    );
  return {
    async run(step) {
      const lines = (await exec(command, [...args, step])).trim().split("\n");
      return JSON.parse(lines[lines.length - 1]) as StepResult;
    },
    // Outside a project directory the CLI wants the stack's full name (file backends: organization/<project>/<stack>).
    exportText: () => exec(path.join(pulumiBinDir(), "pulumi"), ["stack", "export", "--stack", `organization/${project}/test`], dir),
    async close() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** API calls as sorted operation ids (ids differ between services; what is called must not). */
async function callsSince(svc: LocalService, seq: number, account: string): Promise<string[]> {
  return (await svc.requestsSince(seq, account)).map((r) => r.operation ?? `${r.method} ${r.path}`).sort();
}

type Calls = Record<"A" | "B", string[]>;
export type Reference = Record<Step, Calls>;

/**
 * The dynamic provider's calls for the same objects: account A's seven resources and account
 * B's account file, each a stack of `pulumi-esign` dynamic resources on its own service account.
 */
export async function dynamicReference(): Promise<Reference> {
  const svc = await localService({ autoAcceptInvites: true });
  const second = await svc.control("POST", "/accounts", { email_address: "second@example.com" });
  const accounts = { A: await accountId(svc, svc.apiKey), B: second.account_id as string };
  const program = {
    A: () => void allSeven(dynamicClasses),
    B: () => void deployAccount(parseAccountFile(SECOND_ACCOUNT, "second (text)", repoRoot), {}, dynamicClasses),
  };
  const reference = { up: {}, preview: {}, refresh: {}, destroy: {} } as Reference;
  try {
    for (const who of ["A", "B"] as const) {
      const t = await newStack(`reference-${who}`, program[who], { config: svc.stackConfig(who === "A" ? svc.apiKey : second.api_key) });
      try {
        for (const step of ["up", "preview", "refresh", "destroy"] as Step[]) {
          const seq = await svc.lastSeq();
          if (step === "preview") await t.stack.preview({ expectNoChanges: true });
          else await t.stack[step]();
          reference[step][who] = await callsSince(svc, seq, accounts[who]);
        }
      } finally {
        await t.dispose({ skipDestroy: true });
      }
    }
  } finally {
    await svc.close();
  }
  return reference;
}

/**
 * What account B's program adds to the account file's calls, per step: the lookup, which runs
 * whenever the program does (preview included: a lookup's answer is a value the program
 * needs) but at `up` shares the account pin's one GET /account of the provider process (D31),
 * and the imported app, whose reads share the account's one api_app.list (bulk).
 */
const EXTRA_B: Record<Step, string[]> = {
  up: [],
  preview: ["account.get"],
  refresh: [],
  destroy: ["api_app.delete"], // imported means managed: destroy deletes it
};

const sorted = (xs: string[]) => [...xs].sort();

/**
 * The proof, one `describe` per language: `start` makes the language's runner for a scenario.
 * Steps run in order; each asserts its changes and its API calls per account.
 */
export function proveSdk(language: string, start: (scenario: Scenario) => Promise<ProgramRunner>): void {
  describe(`sdk proof (${language}): the generated SDK through the real CLI and the local service`, function () {
    this.timeout(900_000);
    let scenario: Scenario;
    let program: ProgramRunner;
    let reference: Reference;

    async function step(name: Step): Promise<{ result: StepResult; calls: Calls }> {
      const seq = await scenario.svc.lastSeq();
      const result = await program.run(name);
      const calls = { A: await callsSince(scenario.svc, seq, scenario.accountA), B: await callsSince(scenario.svc, seq, scenario.accountB) };
      if (process.env.ESIGN_PROOF_DEBUG) console.error(name, JSON.stringify({ calls, reference: reference[name] }));
      return { result, calls };
    }

    before(async () => {
      pluginBinDir(); // builds dist/, which the plugin and the dynamic reference both run
      // Both at once; settle both so a failure of one leaves nothing of the other running.
      const [s, r] = await Promise.allSettled([startScenario(), dynamicReference()]);
      if (s.status === "fulfilled") scenario = s.value;
      if (s.status === "rejected") throw s.reason;
      if (r.status === "rejected") throw r.reason;
      reference = r.value;
      program = await start(scenario);
    });
    after(async () => {
      await program?.close();
      await scenario?.svc.close();
    });

    it("up: seven resources on provider a, the Account component, the import and the lookup on provider b; calls as the dynamic path's", async () => {
      const { result, calls } = await step("up");
      const out = result.outputs!;
      assert.strictEqual(out.accountB.value, scenario.accountB, "getAccount on provider b answers for account B");
      assert.strictEqual(out.legacyClientId.value, scenario.importId, "the imported app keeps its client id");
      assert.ok(out.oauthSecret.secret, "the OAuth secret is a secret output");
      assert.match(String(out.number.value), /^\+1415/);
      assert.deepStrictEqual(calls.A, reference.up.A, "account A: the same calls as the dynamic resources");
      assert.deepStrictEqual(calls.B, sorted([...reference.up.B, ...EXTRA_B.up]), "account B: the account file's calls, the import's read and the lookup");

      const state = JSON.parse(await program.exportText());
      const resources: any[] = state.deployment.resources;
      const types = resources.map((r) => r.type).filter((t: string) => t.startsWith("esign:")).sort();
      for (const kind of ["ApiApp", "Team", "TeamMember", "Template", "TemplateAccess", "FaxLine", "FaxLineUser", "Account"]) {
        assert.ok(types.includes(`esign:index:${kind}`), `state has an esign:index:${kind}`);
      }
      const providers = resources.filter((r) => r.type === "pulumi:providers:esign").map((r) => r.urn.split("::").pop()).sort();
      assert.deepStrictEqual(providers, ["a", "b"], "two explicit providers, no default one");
      const legacy = resources.find((r) => r.urn.endsWith("::legacy"));
      assert.strictEqual(legacy.id, scenario.importId);
      const text = await program.exportText();
      for (const secret of [scenario.svc.apiKey, scenario.keyB, String(out.oauthSecret.value)]) {
        assert.ok(!text.includes(secret), "no key or OAuth secret in plain text in the state");
      }
    });

    it("preview: no change, and no request but the lookup's", async () => {
      const { result, calls } = await step("preview");
      assert.deepStrictEqual(result.changes, {});
      assert.deepStrictEqual(calls, { A: reference.preview.A, B: sorted([...reference.preview.B, ...EXTRA_B.preview]) });
      assert.deepStrictEqual(reference.preview, { A: [], B: [] }, "the dynamic path previews without a request");
    });

    it("refresh: no drift; reads as the dynamic path's", async () => {
      const { result, calls } = await step("refresh");
      assert.deepStrictEqual(result.changes, {});
      assert.deepStrictEqual(calls.A, reference.refresh.A);
      assert.deepStrictEqual(calls.B, sorted([...reference.refresh.B, ...EXTRA_B.refresh]));
    });

    it("destroy: deletes what it made, each on its own account", async () => {
      const { result, calls } = await step("destroy");
      assert.ok((result.changes.delete ?? 0) >= 12, JSON.stringify(result.changes));
      assert.deepStrictEqual(calls.A, reference.destroy.A);
      assert.deepStrictEqual(calls.B, sorted([...reference.destroy.B, ...EXTRA_B.destroy]));
      const left = await api(scenario.svc, scenario.keyB).get("/api_app/list");
      assert.deepStrictEqual(left.data.api_apps, []);
    });
  });
}
