"""The SDK proof's program in Python (test/sdk/proof.ts describes it; the TypeScript one in
test/engine/sdk/typescript.test.ts is its twin), on the generated Python SDK (sdk/python,
installed into the venv of scripts/ensure-python), run as an Automation API inline program:
no Python language plugin needed.

    python proof.py up|preview|refresh|destroy

The proof's inputs come from ESIGN_PROOF_* variables, the backend from PULUMI_* ones; the
last line of stdout is the step's result as JSON: {"changes": {...}, "outputs": {...}}.
"""
import json
import os
import sys

import pulumi
from pulumi import automation as auto

import pulumi_esign as esign
from steps import run_step

ALICE = "alice@example.com"


def program():
    env = os.environ
    settings = dict(base_url=env["ESIGN_PROOF_BASE_URL"], requests_per_minute=60000)
    a = esign.Provider("a", api_key=env["ESIGN_PROOF_KEY_A"], **settings)
    b = esign.Provider("b", api_key=env["ESIGN_PROOF_KEY_B"], **settings)

    # The seven resources, on account A.
    on_a = pulumi.ResourceOptions(provider=a)
    team = esign.Team("team", name="Ops", opts=on_a)
    alice = esign.TeamMember("alice", team_id=team.team_id, email_address=ALICE, role="Admin",
                             opts=pulumi.ResourceOptions(provider=a, depends_on=[team]))
    app = esign.ApiApp("portal", name="Portal", domains=["portal.example.com"],
                       oauth=esign.ApiAppOAuthArgs(callback_url="https://portal.example.com/oauth",
                                                   scopes=["basic_account_info"]),
                       opts=on_a)
    template = esign.Template("nda", title="NDA", files=[env["ESIGN_PROOF_PDF"]],
                              signer_roles=[esign.TemplateSignerRoleArgs(name="Client", order=0)],
                              form_fields_per_document=json.loads(env["ESIGN_PROOF_FIELDS"]),
                              opts=on_a)
    after_alice = pulumi.ResourceOptions(provider=a, depends_on=[alice])
    esign.TemplateAccess("nda:alice", template_id=template.template_id, email_address=ALICE, opts=after_alice)
    line = esign.FaxLine("main", area_code=415, country="US", city="San Francisco", opts=on_a)
    esign.FaxLineUser("main:alice", number=line.number, email_address=ALICE, opts=after_alice)

    # Account B: an account file, an imported app and a lookup.
    second = esign.Account("second", text=env["ESIGN_PROOF_ACCOUNT"], opts=pulumi.ResourceOptions(provider=b))
    legacy = esign.ApiApp("legacy", name="Legacy", domains=["legacy.example.com"],
                          opts=pulumi.ResourceOptions(provider=b, import_=env["ESIGN_PROOF_IMPORT_ID"]))
    account_b = esign.get_account_output(opts=pulumi.InvokeOptions(provider=b))

    pulumi.export("teamId", team.team_id)
    pulumi.export("clientId", app.client_id)
    pulumi.export("oauthSecret", app.oauth_secret)
    pulumi.export("templateId", template.template_id)
    pulumi.export("number", line.number)
    pulumi.export("secondTeamId", second.team_id)
    pulumi.export("legacyClientId", legacy.client_id)
    pulumi.export("accountB", account_b.account_id)


def run(step):
    stack = auto.create_or_select_stack(
        stack_name="test", project_name="sdk-python", program=program,
        work_dir=os.environ["ESIGN_PROOF_WORKDIR"])
    return run_step(stack, step)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python proof.py up|preview|refresh|destroy")
    print(json.dumps(run(sys.argv[1])))
