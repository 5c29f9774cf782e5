/**
 * The generated Python SDK (sdk/python) in a Python program: the shared proof
 * (test/sdk/proof.ts) with test/sdk/python/proof.py as an Automation API inline program, in the
 * venv of scripts/ensure-python (the `pulumi` package from PyPI and sdk/python installed with
 * pip), which needs the CLI but no Python language plugin.
 */
import { execFileSync } from "child_process";
import * as path from "path";
import { repoRoot } from "../helpers/engine";
import { commandRunner, proveSdk } from "../sdk/proof";

/** The venv's python (made on first use, then cached: scripts/ensure-python). */
function venvPython(): string {
  return execFileSync(path.join(repoRoot, "scripts", "ensure-python"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop()!;
}

proveSdk("Python", async (scenario) =>
  commandRunner("sdk-python", venvPython(), [path.join(repoRoot, "test", "sdk", "python", "proof.py")], scenario));
