/**
 * The generated Go SDK (sdk/go) in a Go program: the shared proof (test/sdk/proof.ts) with
 * test/sdk/go (a module that uses sdk/go through a replace directive) as an Automation API
 * inline program, which needs the CLI but no Go language plugin.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { repoRoot } from "../helpers/engine";
import { commandRunner, proveSdk } from "../sdk/proof";

/** The Go toolchain (Go >= 1.25, as for the CLI build: scripts/ensure-pulumi). */
function goBinary(): string {
  for (const dir of (process.env.PATH ?? "").split(":")) if (dir && fs.existsSync(path.join(dir, "go"))) return path.join(dir, "go");
  if (fs.existsSync("/usr/local/go/bin/go")) return "/usr/local/go/bin/go";
  throw new Error("no Go toolchain on PATH or in /usr/local/go (the Go proof needs Go >= 1.25)");
}

let binary: string | undefined;
/** test/sdk/go built once per run; modules and packages come from the Go caches after the first. */
function proofBinary(): string {
  if (binary) return binary;
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-sdk-go-bin-")), "proof");
  execFileSync(goBinary(), ["build", "-o", out, "."], {
    cwd: path.join(repoRoot, "test", "sdk", "go"),
    // As scripts/ensure-pulumi builds the CLI: this toolchain, module mode, pulumi's modules past the sumdb (D1).
    env: { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod", GONOSUMDB: "github.com/pulumi/pulumi" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return (binary = out);
}

proveSdk("Go", async (scenario) => commandRunner("sdk-go", proofBinary(), [], scenario));
