import type { Example } from "../../schema/examples/types";

export const faxLineExamples: Example[] = [
  {
    title: "A fax line, protected from deletion",
    typescript: `import * as esign from "@esign/pulumi";

const main = new esign.FaxLine("main", {
    areaCode: 415,
    country: "US",
    city: "San Francisco",
}, { protect: true });

export const faxNumber = main.number;`,
    python: `import pulumi
import pulumi_esign as esign

main = esign.FaxLine("main",
    area_code=415,
    country="US",
    city="San Francisco",
    opts=pulumi.ResourceOptions(protect=True))

pulumi.export("faxNumber", main.number)`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		line, err := esign.NewFaxLine(ctx, "main", &esign.FaxLineArgs{
			AreaCode: pulumi.Int(415),
			Country:  pulumi.String("US"),
			City:     pulumi.String("San Francisco"),
		}, pulumi.Protect(true))
		if err != nil {
			return err
		}
		ctx.Export("faxNumber", line.Number)
		return nil
	})
}`,
    yaml: `resources:
  main:
    type: esign:index:FaxLine
    properties:
      areaCode: 415
      country: US
      city: San Francisco
    options:
      protect: true
outputs:
  faxNumber: \${main.number}`,
  },
];
