import type { Example } from "../../schema/examples/types";

export const templateAccessSetExamples: Example[] = [
  {
    title: "Only the declared people may use a template",
    typescript: `import * as esign from "@esign/pulumi";

// A template made in the web UI (or by another stack), by id.
const templateId = "c26b8a16784a872da37ea946b9ddec7c1e11dff6";
const alice = new esign.TemplateAccess("nda-alice", { templateId, emailAddress: "alice@example.com" });
new esign.TemplateAccessSet("nda-users", {
    templateId,
    users: ["alice@example.com"],
}, { dependsOn: [alice] });`,
    python: `import pulumi
import pulumi_esign as esign

# A template made in the web UI (or by another stack), by id.
template_id = "c26b8a16784a872da37ea946b9ddec7c1e11dff6"
alice = esign.TemplateAccess("nda-alice", template_id=template_id, email_address="alice@example.com")
esign.TemplateAccessSet("nda-users",
    template_id=template_id,
    users=["alice@example.com"],
    opts=pulumi.ResourceOptions(depends_on=[alice]))`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A template made in the web UI (or by another stack), by id.
		templateId := pulumi.String("c26b8a16784a872da37ea946b9ddec7c1e11dff6")
		alice, err := esign.NewTemplateAccess(ctx, "nda-alice", &esign.TemplateAccessArgs{
			TemplateId:   templateId,
			EmailAddress: pulumi.String("alice@example.com"),
		})
		if err != nil {
			return err
		}
		_, err = esign.NewTemplateAccessSet(ctx, "nda-users", &esign.TemplateAccessSetArgs{
			TemplateId: templateId,
			Users:      pulumi.StringArray{pulumi.String("alice@example.com")},
		}, pulumi.DependsOn([]pulumi.Resource{alice}))
		return err
	})
}`,
    yaml: `resources:
  nda-alice:
    type: esign:index:TemplateAccess
    properties:
      templateId: c26b8a16784a872da37ea946b9ddec7c1e11dff6
      emailAddress: alice@example.com
  nda-users:
    type: esign:index:TemplateAccessSet
    properties:
      templateId: c26b8a16784a872da37ea946b9ddec7c1e11dff6
      users:
        - alice@example.com
    options:
      dependsOn:
        - \${nda-alice}`,
  },
];
