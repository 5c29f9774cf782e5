// A Go user's program on the Go SDK module (github.com/esign/pulumi-esign/sdk), the twin of
// ../program.py, as an Automation API inline program (D48: the Go language plugin cannot be
// fetched here): nothing of this checkout on PATH, so the engine must download the plugin the
// SDK names (pluginDownloadURL) by itself (test/packaging/plugin-go.test.ts).
//
//	plugin-download up|preview|destroy
//
// Inputs: ESIGN_BASE_URL, ESIGN_API_KEY, ESIGN_WORKDIR; the backend from PULUMI_* variables. The
// last line of stdout is {"changes": {...}}.
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
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func program(ctx *pulumi.Context) error {
	account, err := esign.NewProvider(ctx, "account", &esign.ProviderArgs{
		ApiKey: pulumi.StringPtr(os.Getenv("ESIGN_API_KEY")), BaseUrl: pulumi.StringPtr(os.Getenv("ESIGN_BASE_URL")),
		RequestsPerMinute: pulumi.IntPtr(60000),
	})
	if err != nil {
		return err
	}
	team, err := esign.NewTeam(ctx, "team", &esign.TeamArgs{Name: pulumi.StringPtr("Ops")}, pulumi.Provider(account))
	if err != nil {
		return err
	}
	if _, err := esign.NewTeamMember(ctx, "alice", &esign.TeamMemberArgs{
		TeamId: team.TeamId, EmailAddress: pulumi.StringPtr("alice@example.com"), Role: pulumi.StringPtr("Member"),
	}, pulumi.Provider(account), pulumi.DependsOn([]pulumi.Resource{team})); err != nil {
		return err
	}
	app, err := esign.NewApiApp(ctx, "portal", &esign.ApiAppArgs{
		Name: pulumi.String("Portal"), Domains: pulumi.StringArray{pulumi.String("portal.example.com")},
	}, pulumi.Provider(account))
	if err != nil {
		return err
	}
	ctx.Export("clientId", app.ClientId)
	return nil
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

func run(ctx context.Context, step string) (map[string]int, error) {
	stack, err := auto.UpsertStackInlineSource(ctx, "test", "plugin-download", program,
		auto.WorkDir(os.Getenv("ESIGN_WORKDIR")),
		auto.Project(workspace.Project{Name: "plugin-download", Runtime: workspace.NewProjectRuntimeInfo("go", nil)}))
	if err != nil {
		return nil, err
	}
	progress := os.Stderr
	summary := func(s auto.UpdateSummary) map[string]int {
		if s.ResourceChanges == nil {
			return map[string]int{}
		}
		return changed(*s.ResourceChanges)
	}
	switch step {
	case "up":
		r, err := stack.Up(ctx, optup.ProgressStreams(progress))
		return summary(r.Summary), err
	case "preview":
		r, err := stack.Preview(ctx, optpreview.ProgressStreams(progress))
		counts := map[string]int{}
		for op, n := range r.ChangeSummary {
			counts[string(op)] = n
		}
		return changed(counts), err
	case "destroy":
		r, err := stack.Destroy(ctx, optdestroy.ProgressStreams(progress))
		return summary(r.Summary), err
	}
	return nil, fmt.Errorf("unknown step %q (up, preview, destroy)", step)
}


func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: plugin-download up|preview|destroy")
		os.Exit(2)
	}
	changes, err := run(context.Background(), os.Args[1])
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	out, _ := json.Marshal(map[string]any{"changes": changes})
	fmt.Println(string(out))
}
