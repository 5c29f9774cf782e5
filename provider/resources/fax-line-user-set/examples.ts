import type { Example } from "../../schema/examples/types";

export const faxLineUserSetExamples: Example[] = [
  {
    title: "Only the declared people may use a fax line",
    typescript: `import * as esign from "@esign/pulumi";

const main = new esign.FaxLine("main", { areaCode: 415, country: "US", city: "San Francisco" }, { protect: true });
const alice = new esign.FaxLineUser("main-alice", { number: main.number, emailAddress: "alice@example.com" });
new esign.FaxLineUserSet("main-users", {
    number: main.number,
    users: ["alice@example.com"],
}, { dependsOn: [alice] });`,
    python: `import pulumi
import pulumi_esign as esign

main = esign.FaxLine("main", area_code=415, country="US", city="San Francisco",
    opts=pulumi.ResourceOptions(protect=True))
alice = esign.FaxLineUser("main-alice", number=main.number, email_address="alice@example.com")
esign.FaxLineUserSet("main-users",
    number=main.number,
    users=["alice@example.com"],
    opts=pulumi.ResourceOptions(depends_on=[alice]))`,
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
		alice, err := esign.NewFaxLineUser(ctx, "main-alice", &esign.FaxLineUserArgs{
			Number:       line.Number,
			EmailAddress: pulumi.String("alice@example.com"),
		})
		if err != nil {
			return err
		}
		_, err = esign.NewFaxLineUserSet(ctx, "main-users", &esign.FaxLineUserSetArgs{
			Number: line.Number,
			Users:  pulumi.StringArray{pulumi.String("alice@example.com")},
		}, pulumi.DependsOn([]pulumi.Resource{alice}))
		return err
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
  main-alice:
    type: esign:index:FaxLineUser
    properties:
      number: \${main.number}
      emailAddress: alice@example.com
  main-users:
    type: esign:index:FaxLineUserSet
    properties:
      number: \${main.number}
      users:
        - alice@example.com
    options:
      dependsOn:
        - \${main-alice}`,
  },
];
