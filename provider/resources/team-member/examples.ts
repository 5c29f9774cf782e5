import type { Example } from "../../schema/examples/types";

export const teamMemberExamples: Example[] = [
  {
    title: "A member of the team, by e-mail address",
    typescript: `import * as esign from "@esign/pulumi";

const team = new esign.Team("team", { name: "Signing Ops" });
const alice = new esign.TeamMember("alice", {
    teamId: team.teamId,
    emailAddress: "alice@example.com",
    role: "Admin",
});

export const aliceStatus = alice.status;`,
    python: `import pulumi
import pulumi_esign as esign

team = esign.Team("team", name="Signing Ops")
alice = esign.TeamMember("alice",
    team_id=team.team_id,
    email_address="alice@example.com",
    role="Admin")

pulumi.export("aliceStatus", alice.status)`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		team, err := esign.NewTeam(ctx, "team", &esign.TeamArgs{
			Name: pulumi.String("Signing Ops"),
		})
		if err != nil {
			return err
		}
		alice, err := esign.NewTeamMember(ctx, "alice", &esign.TeamMemberArgs{
			TeamId:       team.TeamId,
			EmailAddress: pulumi.String("alice@example.com"),
			Role:         pulumi.String("Admin"),
		})
		if err != nil {
			return err
		}
		ctx.Export("aliceStatus", alice.Status)
		return nil
	})
}`,
    yaml: `resources:
  team:
    type: esign:index:Team
    properties:
      name: Signing Ops
  alice:
    type: esign:index:TeamMember
    properties:
      teamId: \${team.teamId}
      emailAddress: alice@example.com
      role: Admin
outputs:
  aliceStatus: \${alice.status}`,
  },
];
