"""One step of an Automation API inline program, as the proofs' runners print it: the step's
changes (without "same") and, for `up`, the outputs with their secret flags. Shared by
proof.py and run_example.py (Python puts this folder on sys.path when it runs either)."""
import sys

from pulumi import automation as auto


def changed(counts):
    return {op: n for op, n in (counts or {}).items() if op != "same"}


def run_step(stack: auto.Stack, step: str) -> dict:
    progress = dict(on_output=lambda line: print(line, file=sys.stderr))
    if step == "up":
        r = stack.up(**progress)
        outputs = {k: {"value": v.value, "secret": v.secret} for k, v in r.outputs.items()}
        return {"changes": changed(r.summary.resource_changes), "outputs": outputs}
    if step == "preview":
        return {"changes": changed(stack.preview(**progress).change_summary)}
    if step == "refresh":
        return {"changes": changed(stack.refresh(**progress).summary.resource_changes)}
    if step == "destroy":
        return {"changes": changed(stack.destroy(**progress).summary.resource_changes)}
    raise SystemExit(f"unknown step {step!r} (up, preview, refresh, destroy)")
