/**
 * The generated Go SDK (sdk/go) in a Go program: the shared proof (test/sdk/proof.ts) with
 * test/sdk/go (a module that uses the SDK's module, sdk/, through a replace directive) as an Automation API
 * inline program, which needs the CLI but no Go language plugin.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { repoRoot } from "../support/engine";
import { commandRunner, goBinary, goEnv, proveSdk } from "../../sdk/proof";

let binary: string | undefined;
/** test/sdk/go built once per run; modules and packages come from the Go caches after the first. */
function proofBinary(): string {
  if (binary) return binary;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-sdk-go-bin-")), "proof");
  execFileSync(goBinary(), ["build", "-o", out, "."], {
    cwd: path.join(repoRoot, "test", "sdk", "go"),
    env: { ...process.env, ...goEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return (binary = out);
}

proveSdk("Go", async (scenario) => commandRunner("sdk-go", proofBinary(), [], scenario.env));
