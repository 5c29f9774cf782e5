/**
 * The generated Python SDK (sdk/python) in a Python program: the shared proof
 * (test/sdk/proof.ts) with test/sdk/python/proof.py as an Automation API inline program, in the
 * venv of scripts/ensure-python (the `pulumi` package from PyPI and sdk/python installed with
 * pip), which needs the CLI but no Python language plugin.
 */
import * as path from "path";
import { repoRoot } from "../support/engine";
import { commandRunner, proveSdk, venvPython } from "../../sdk/proof";

proveSdk("Python", async (scenario) =>
  commandRunner("sdk-python", venvPython(), [path.join(repoRoot, "test", "sdk", "python", "proof.py")], scenario.env));
