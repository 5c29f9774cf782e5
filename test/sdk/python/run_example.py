"""Runs a Python Pulumi program folder (its __main__.py) as an Automation API inline program,
for machines without the Python language plugin: the program's own code, unchanged.

    python run_example.py <program folder> up|preview|destroy

Backend from PULUMI_* variables, work dir from ESIGN_PROOF_WORKDIR; the last line of stdout
is the step's result as JSON, as test/sdk/python/proof.py prints it.
"""
import json
import os
import runpy
import sys

from pulumi import automation as auto


def changed(counts):
    return {op: n for op, n in (counts or {}).items() if op != "same"}


def main(folder, step):
    stack = auto.create_or_select_stack(
        stack_name="test", project_name=os.path.basename(folder),
        program=lambda: runpy.run_path(os.path.join(folder, "__main__.py")),
        work_dir=os.environ["ESIGN_PROOF_WORKDIR"])
    progress = dict(on_output=lambda line: print(line, file=sys.stderr))
    if step == "up":
        r = stack.up(**progress)
        outputs = {k: {"value": v.value, "secret": v.secret} for k, v in r.outputs.items()}
        return {"changes": changed(r.summary.resource_changes), "outputs": outputs}
    if step == "preview":
        return {"changes": changed(stack.preview(**progress).change_summary)}
    if step == "destroy":
        return {"changes": changed(stack.destroy(**progress).summary.resource_changes)}
    raise SystemExit(f"unknown step {step!r} (up, preview, destroy)")


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
