"""A Python user's program on the installed pulumi_esign wheel, as an Automation API inline
program (test/packaging/plugin-download.test.ts): nothing of this checkout on PATH, so the
engine must download the plugin the SDK names (pluginDownloadURL) by itself.

    python program.py up|preview|destroy

Inputs: ESIGN_BASE_URL, ESIGN_API_KEY, ESIGN_WORKDIR; the backend from PULUMI_* variables. The
last line of stdout is {"changes": {...}, "sdk": <where pulumi_esign was imported from>}.
"""
import json
import os
import sys

import pulumi
from pulumi import automation as auto

import pulumi_esign as esign


def program():
    env = os.environ
    account = esign.Provider("account", api_key=env["ESIGN_API_KEY"], base_url=env["ESIGN_BASE_URL"],
                             requests_per_minute=60000)
    on_account = pulumi.ResourceOptions(provider=account)
    team = esign.Team("team", name="Ops", opts=on_account)
    esign.TeamMember("alice", team_id=team.team_id, email_address="alice@example.com", role="Member",
                     opts=pulumi.ResourceOptions(provider=account, depends_on=[team]))
    app = esign.ApiApp("portal", name="Portal", domains=["portal.example.com"], opts=on_account)
    pulumi.export("clientId", app.client_id)


def changed(counts):
    return {op: n for op, n in (counts or {}).items() if op != "same"}


def run(step):
    stack = auto.create_or_select_stack(stack_name="test", project_name="plugin-download", program=program,
                                        work_dir=os.environ["ESIGN_WORKDIR"])
    progress = dict(on_output=lambda line: print(line, file=sys.stderr))
    if step == "up":
        return changed(stack.up(**progress).summary.resource_changes)
    if step == "preview":
        return changed(stack.preview(**progress).change_summary)
    if step == "destroy":
        return changed(stack.destroy(**progress).summary.resource_changes)
    raise SystemExit(f"unknown step {step!r} (up, preview, destroy)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python program.py up|preview|destroy")
    print(json.dumps({"changes": run(sys.argv[1]), "sdk": os.path.dirname(esign.__file__)}))
