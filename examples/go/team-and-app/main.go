// A team, a member and an API app in Go, on the generated SDK (the module
// github.com/esign/pulumi-esign/sdk, from sdk/ here), plus the getAccount lookup. The key
// and the service come from `pulumi config set esign:apiKey --secret` (or ESIGN_API_KEY) and
// ESIGN_BASE_URL, like the TypeScript examples.
package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		team, err := esign.NewTeam(ctx, "team", &esign.TeamArgs{Name: pulumi.StringPtr("Example Signing Ops")})
		if err != nil {
			return err
		}
		// The member depends on the team through its TeamId: destroy removes the member first.
		alice, err := esign.NewTeamMember(ctx, "member:alice@example.com", &esign.TeamMemberArgs{
			TeamId: team.TeamId, EmailAddress: pulumi.StringPtr("alice@example.com"), Role: pulumi.StringPtr("Admin"),
		})
		if err != nil {
			return err
		}
		portal, err := esign.NewApiApp(ctx, "portal", &esign.ApiAppArgs{
			Name:    pulumi.String("Customer portal"),
			Domains: pulumi.StringArray{pulumi.String("portal.example.com")},
			Oauth: &esign.ApiAppOAuthArgs{
				CallbackUrl: pulumi.String("https://portal.example.com/oauth"),
				Scopes:      pulumi.StringArray{pulumi.String("basic_account_info")},
			},
		})
		if err != nil {
			return err
		}
		account := esign.GetAccountOutput(ctx, esign.GetAccountOutputArgs{})

		ctx.Export("teamId", team.TeamId)
		ctx.Export("memberStatus", alice.Status)
		ctx.Export("portalClientId", portal.ClientId)
		ctx.Export("portalOAuthSecret", portal.OauthSecret) // a secret output
		ctx.Export("accountId", account.AccountId())
		return nil
	})
}
