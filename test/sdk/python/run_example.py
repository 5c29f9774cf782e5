"""Runs a Python Pulumi program folder (its __main__.py) as an Automation API inline program,
for machines without the Python language plugin: the program's own code, unchanged.

    python run_example.py <program folder> up|preview|refresh|destroy

Backend from PULUMI_* variables, work dir from ESIGN_PROOF_WORKDIR; the last line of stdout
is the step's result as JSON, as test/sdk/python/proof.py prints it.
"""
import json
import os
import runpy
import sys

from pulumi import automation as auto

from steps import run_step


def main(folder, step):
    stack = auto.create_or_select_stack(
        stack_name="test", project_name=os.path.basename(folder),
        program=lambda: runpy.run_path(os.path.join(folder, "__main__.py")),
        work_dir=os.environ["ESIGN_PROOF_WORKDIR"])
    return run_step(stack, step)


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
