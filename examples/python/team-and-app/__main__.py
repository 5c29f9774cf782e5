"""A team, a member and an API app in Python, on the generated SDK (pulumi_esign), plus the
getAccount lookup. The key and the service come from `pulumi config set esign:apiKey --secret`
(or ESIGN_API_KEY) and ESIGN_BASE_URL, like the TypeScript examples.
"""
import pulumi
import pulumi_esign as esign

team = esign.Team("team", name="Example Signing Ops")

# The member depends on the team through its team_id: destroy removes the member first.
alice = esign.TeamMember("member:alice@example.com", team_id=team.team_id,
                         email_address="alice@example.com", role="Admin")

portal = esign.ApiApp("portal", name="Customer portal", domains=["portal.example.com"],
                      oauth=esign.ApiAppOAuthArgs(callback_url="https://portal.example.com/oauth",
                                                  scopes=["basic_account_info"]))

account = esign.get_account_output()

pulumi.export("teamId", team.team_id)
pulumi.export("memberStatus", alice.status)
pulumi.export("portalClientId", portal.client_id)
pulumi.export("portalOAuthSecret", portal.oauth_secret)  # a secret output
pulumi.export("accountId", account.account_id)
