// The SDK proof's program in Go (test/sdk/proof.ts describes it; the TypeScript one in
// test/engine/sdk/typescript.test.ts is its twin), on the generated Go SDK (the module sdk/, through a
// replace directive), run as an Automation API inline program: no Go language plugin needed.
//
//	go run . up|preview|refresh|destroy
//
// The proof's inputs come from ESIGN_PROOF_* variables, the backend from PULUMI_* ones; the
// last line of stdout is the step's result as JSON: {"changes": {...}, "outputs": {...}}.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

const alice = "alice@example.com"

func program(ctx *pulumi.Context) error {
	env := os.Getenv
	var fields []any
	if err := json.Unmarshal([]byte(env("ESIGN_PROOF_FIELDS")), &fields); err != nil {
		return fmt.Errorf("ESIGN_PROOF_FIELDS: %w", err)
	}
	provider := func(name, key string) (*esign.Provider, error) {
		return esign.NewProvider(ctx, name, &esign.ProviderArgs{
			ApiKey: pulumi.StringPtr(key), BaseUrl: pulumi.StringPtr(env("ESIGN_PROOF_BASE_URL")), RequestsPerMinute: pulumi.IntPtr(60000),
		})
	}
	a, err := provider("a", env("ESIGN_PROOF_KEY_A"))
	if err != nil {
		return err
	}
	b, err := provider("b", env("ESIGN_PROOF_KEY_B"))
	if err != nil {
		return err
	}

	// The seven resources, on account A.
	team, err := esign.NewTeam(ctx, "team", &esign.TeamArgs{Name: pulumi.StringPtr("Ops")}, pulumi.Provider(a))
	if err != nil {
		return err
	}
	member, err := esign.NewTeamMember(ctx, "alice", &esign.TeamMemberArgs{
		TeamId: team.TeamId, EmailAddress: pulumi.StringPtr(alice), Role: pulumi.StringPtr("Admin"),
	}, pulumi.Provider(a), pulumi.DependsOn([]pulumi.Resource{team}))
	if err != nil {
		return err
	}
	app, err := esign.NewApiApp(ctx, "portal", &esign.ApiAppArgs{
		Name: pulumi.String("Portal"), Domains: pulumi.StringArray{pulumi.String("portal.example.com")},
		Oauth: &esign.ApiAppOAuthArgs{CallbackUrl: pulumi.String("https://portal.example.com/oauth"), Scopes: pulumi.StringArray{pulumi.String("basic_account_info")}},
	}, pulumi.Provider(a))
	if err != nil {
		return err
	}
	template, err := esign.NewTemplate(ctx, "nda", &esign.TemplateArgs{
		Title: pulumi.StringPtr("NDA"), Files: pulumi.StringArray{pulumi.String(env("ESIGN_PROOF_PDF"))},
		SignerRoles:           esign.TemplateSignerRoleArray{esign.TemplateSignerRoleArgs{Name: pulumi.String("Client"), Order: pulumi.IntPtr(0)}},
		FormFieldsPerDocument: pulumi.ToArray(fields),
	}, pulumi.Provider(a))
	if err != nil {
		return err
	}
	after := pulumi.DependsOn([]pulumi.Resource{member})
	if _, err := esign.NewTemplateAccess(ctx, "nda:alice", &esign.TemplateAccessArgs{
		TemplateId: template.TemplateId, EmailAddress: pulumi.StringPtr(alice),
	}, pulumi.Provider(a), after); err != nil {
		return err
	}
	line, err := esign.NewFaxLine(ctx, "main", &esign.FaxLineArgs{
		AreaCode: pulumi.IntPtr(415), Country: pulumi.StringPtr("US"), City: pulumi.StringPtr("San Francisco"),
	}, pulumi.Provider(a))
	if err != nil {
		return err
	}
	if _, err := esign.NewFaxLineUser(ctx, "main:alice", &esign.FaxLineUserArgs{
		Number: line.Number, EmailAddress: pulumi.StringPtr(alice),
	}, pulumi.Provider(a), after); err != nil {
		return err
	}

	// Account B: an account file, an imported app and a lookup.
	second, err := esign.NewAccount(ctx, "second", &esign.AccountArgs{Text: pulumi.StringPtr(env("ESIGN_PROOF_ACCOUNT"))}, pulumi.Provider(b))
	if err != nil {
		return err
	}
	legacy, err := esign.NewApiApp(ctx, "legacy", &esign.ApiAppArgs{
		Name: pulumi.String("Legacy"), Domains: pulumi.StringArray{pulumi.String("legacy.example.com")},
	}, pulumi.Provider(b), pulumi.Import(pulumi.ID(env("ESIGN_PROOF_IMPORT_ID"))))
	if err != nil {
		return err
	}
	accountB := esign.GetAccountOutput(ctx, esign.GetAccountOutputArgs{}, pulumi.Provider(b))

	ctx.Export("teamId", team.TeamId)
	ctx.Export("clientId", app.ClientId)
	ctx.Export("oauthSecret", app.OauthSecret)
	ctx.Export("templateId", template.TemplateId)
	ctx.Export("number", line.Number)
	ctx.Export("secondTeamId", second.TeamId)
	ctx.Export("legacyClientId", legacy.ClientId)
	ctx.Export("accountB", accountB.AccountId())
	return nil
}

type output struct {
	Value  any  `json:"value"`
	Secret bool `json:"secret"`
}

type result struct {
	Changes map[string]int    `json:"changes"`
	Outputs map[string]output `json:"outputs,omitempty"`
}

func outputs(in auto.OutputMap) map[string]output {
	out := map[string]output{}
	for k, v := range in {
		out[k] = output{Value: v.Value, Secret: v.Secret}
	}
	return out
}

func changed(counts map[string]int) map[string]int {
	out := map[string]int{}
	for op, n := range counts {
		if op != "same" {
			out[op] = n
		}
	}
	return out
}

func summary(s auto.UpdateSummary) map[string]int {
	if s.ResourceChanges == nil {
		return map[string]int{}
	}
	return changed(*s.ResourceChanges)
}

func run(ctx context.Context, step string) (result, error) {
	stack, err := auto.UpsertStackInlineSource(ctx, "test", "sdk-go", program,
		auto.WorkDir(os.Getenv("ESIGN_PROOF_WORKDIR")),
		auto.Project(workspace.Project{Name: "sdk-go", Runtime: workspace.NewProjectRuntimeInfo("go", nil)}))
	if err != nil {
		return result{}, err
	}
	progress := os.Stderr
	switch step {
	case "up":
		r, err := stack.Up(ctx, optup.ProgressStreams(progress))
		return result{Changes: summary(r.Summary), Outputs: outputs(r.Outputs)}, err
	case "preview":
		r, err := stack.Preview(ctx, optpreview.ProgressStreams(progress))
		counts := map[string]int{}
		for op, n := range r.ChangeSummary {
			counts[string(op)] = n
		}
		return result{Changes: changed(counts)}, err
	case "refresh":
		r, err := stack.Refresh(ctx, optrefresh.ProgressStreams(progress))
		return result{Changes: summary(r.Summary)}, err
	case "destroy":
		r, err := stack.Destroy(ctx, optdestroy.ProgressStreams(progress))
		return result{Changes: summary(r.Summary)}, err
	}
	return result{}, fmt.Errorf("unknown step %q (up, preview, refresh, destroy)", step)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run . up|preview|refresh|destroy")
		os.Exit(2)
	}
	r, err := run(context.Background(), os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	out, _ := json.Marshal(r)
	fmt.Println(string(out))
}
