import type { Example } from "../../schema/examples/types";

export const templateExamples: Example[] = [
  {
    title: "A template from a local PDF, with one signer and a signature field",
    typescript: `import * as esign from "@esign/pulumi";

const nda = new esign.Template("nda", {
    title: "NDA",
    files: ["files/nda.pdf"],
    signerRoles: [{ name: "Client", order: 0 }],
    formFieldsPerDocument: [{
        documentIndex: 0, apiId: "sig", name: "Signature", type: "signature",
        required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40,
    }],
});

export const templateId = nda.templateId;`,
    python: `import pulumi
import pulumi_esign as esign

nda = esign.Template("nda",
    title="NDA",
    files=["files/nda.pdf"],
    signer_roles=[esign.TemplateSignerRoleArgs(name="Client", order=0)],
    form_fields_per_document=[{
        "documentIndex": 0, "apiId": "sig", "name": "Signature", "type": "signature",
        "required": True, "signer": 0, "page": 1, "x": 100, "y": 600, "width": 200, "height": 40,
    }])

pulumi.export("templateId", nda.template_id)`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		nda, err := esign.NewTemplate(ctx, "nda", &esign.TemplateArgs{
			Title: pulumi.String("NDA"),
			Files: pulumi.StringArray{pulumi.String("files/nda.pdf")},
			SignerRoles: esign.TemplateSignerRoleArray{
				esign.TemplateSignerRoleArgs{Name: pulumi.String("Client"), Order: pulumi.Int(0)},
			},
			FormFieldsPerDocument: pulumi.Array{
				pulumi.Map{
					"documentIndex": pulumi.Int(0), "apiId": pulumi.String("sig"), "name": pulumi.String("Signature"),
					"type": pulumi.String("signature"), "required": pulumi.Bool(true), "signer": pulumi.Int(0),
					"page": pulumi.Int(1), "x": pulumi.Int(100), "y": pulumi.Int(600), "width": pulumi.Int(200), "height": pulumi.Int(40),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("templateId", nda.TemplateId)
		return nil
	})
}`,
    yaml: `resources:
  nda:
    type: esign:index:Template
    properties:
      title: NDA
      files:
        - files/nda.pdf
      signerRoles:
        - name: Client
          order: 0
      formFieldsPerDocument:
        - documentIndex: 0
          apiId: sig
          name: Signature
          type: signature
          required: true
          signer: 0
          page: 1
          x: 100
          y: 600
          width: 200
          height: 40
outputs:
  templateId: \${nda.templateId}`,
  },
];
