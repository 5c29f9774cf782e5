import type { Example } from "../../schema/examples/types";

export const teamMemberSetExamples: Example[] = [
  {
    title: "The whole team: members added by TeamMember, anyone else removed",
    typescript: `import * as esign from "@esign/pulumi";

const alice = new esign.TeamMember("alice", { emailAddress: "alice@example.com", role: "Admin" });
const bob = new esign.TeamMember("bob", { emailAddress: "bob@example.com" });
new esign.TeamMemberSet("everyone", {
    members: ["alice@example.com", "bob@example.com"],
    keep: ["*@auditor.example"],
}, { dependsOn: [alice, bob] });`,
    python: `import pulumi
import pulumi_esign as esign

alice = esign.TeamMember("alice", email_address="alice@example.com", role="Admin")
bob = esign.TeamMember("bob", email_address="bob@example.com")
esign.TeamMemberSet("everyone",
    members=["alice@example.com", "bob@example.com"],
    keep=["*@auditor.example"],
    opts=pulumi.ResourceOptions(depends_on=[alice, bob]))`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		alice, err := esign.NewTeamMember(ctx, "alice", &esign.TeamMemberArgs{
			EmailAddress: pulumi.String("alice@example.com"),
			Role:         pulumi.String("Admin"),
		})
		if err != nil {
			return err
		}
		bob, err := esign.NewTeamMember(ctx, "bob", &esign.TeamMemberArgs{
			EmailAddress: pulumi.String("bob@example.com"),
		})
		if err != nil {
			return err
		}
		_, err = esign.NewTeamMemberSet(ctx, "everyone", &esign.TeamMemberSetArgs{
			Members: pulumi.StringArray{pulumi.String("alice@example.com"), pulumi.String("bob@example.com")},
			Keep:    pulumi.StringArray{pulumi.String("*@auditor.example")},
		}, pulumi.DependsOn([]pulumi.Resource{alice, bob}))
		return err
	})
}`,
    yaml: `resources:
  alice:
    type: esign:index:TeamMember
    properties:
      emailAddress: alice@example.com
      role: Admin
  bob:
    type: esign:index:TeamMember
    properties:
      emailAddress: bob@example.com
  everyone:
    type: esign:index:TeamMemberSet
    properties:
      members:
        - alice@example.com
        - bob@example.com
      keep:
        - "*@auditor.example"
    options:
      dependsOn:
        - \${alice}
        - \${bob}`,
  },
];
