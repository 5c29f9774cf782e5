import type { Example } from "../../schema/examples/types";

export const templateAccessExamples: Example[] = [
  {
    title: "Let a team member use a template found by its title",
    typescript: `import * as esign from "@esign/pulumi";

const nda = esign.getTemplateOutput({ title: "NDA" });
new esign.TemplateAccess("nda-alice", {
    templateId: nda.templateId,
    emailAddress: "alice@example.com",
    skipNotification: true,
});`,
    python: `import pulumi_esign as esign

nda = esign.get_template_output(title="NDA")
esign.TemplateAccess("nda-alice",
    template_id=nda.template_id,
    email_address="alice@example.com",
    skip_notification=True)`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		nda := esign.LookupTemplateOutput(ctx, esign.LookupTemplateOutputArgs{
			Title: pulumi.String("NDA"),
		})
		_, err := esign.NewTemplateAccess(ctx, "nda-alice", &esign.TemplateAccessArgs{
			TemplateId:       nda.TemplateId(),
			EmailAddress:     pulumi.String("alice@example.com"),
			SkipNotification: pulumi.Bool(true),
		})
		return err
	})
}`,
    yaml: `variables:
  nda:
    fn::invoke:
      function: esign:index:getTemplate
      arguments:
        title: NDA
resources:
  nda-alice:
    type: esign:index:TemplateAccess
    properties:
      templateId: \${nda.templateId}
      emailAddress: alice@example.com
      skipNotification: true`,
  },
];
