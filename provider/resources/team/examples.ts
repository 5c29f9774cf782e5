import type { Example } from "../../schema/examples/types";

export const teamExamples: Example[] = [
  {
    title: "A team",
    typescript: `import * as esign from "@esign/pulumi";

const team = new esign.Team("team", { name: "Signing Ops" });

export const teamId = team.teamId;`,
    python: `import pulumi
import pulumi_esign as esign

team = esign.Team("team", name="Signing Ops")

pulumi.export("teamId", team.team_id)`,
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
		ctx.Export("teamId", team.TeamId)
		return nil
	})
}`,
    yaml: `resources:
  team:
    type: esign:index:Team
    properties:
      name: Signing Ops
outputs:
  teamId: \${team.teamId}`,
  },
];
