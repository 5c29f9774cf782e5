// Command pulumi-language-nodejs is a small Node.js language host for the Pulumi CLI.
//
// Why it exists: the upstream host (module sdk/nodejs/cmd/pulumi-language-nodejs/v3) has no
// version tags and the module proxy reachable here refuses its commit pseudo-versions, so
// scripts/ensure-pulumi builds this host instead. It implements the part of the
// LanguageRuntime contract that `pulumi preview/up/refresh/destroy` of a TypeScript or
// JavaScript program needs: it runs @pulumi/pulumi's own `cmd/run` entry point with the
// engine's monitor address, project, stack and config, exactly as the upstream host does.
// RunPlugin starts Node.js policy packs (`pulumi preview --policy-pack DIR`), as upstream does.
// Everything else (code generation, packing, templates) answers UNIMPLEMENTED.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	pbempty "google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	sdk "github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
}

func main() {
	// The engine passes flags (which we accept and ignore) and the engine address last.
	var engine string
	for _, a := range os.Args[1:] {
		if !strings.HasPrefix(a, "-") {
			engine = a
		}
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{engineAddress: engine})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "could not start language host: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "language host stopped: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *pbempty.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// Dynamic providers are bundled with the CLI, so a program needs no plugin downloads.
func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	out, _ := exec.Command("node", "--version").Output()
	return &pulumirpc.AboutResponse{Executable: "node", Version: strings.TrimSpace(string(out))}, nil
}

func (h *host) RuntimeOptionsPrompts(context.Context, *pulumirpc.RuntimeOptionsRequest) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

// Dependencies are installed by the project's own scripts (npm ci), not by the engine.
func (h *host) InstallDependencies(req *pulumirpc.InstallDependenciesRequest, srv pulumirpc.LanguageRuntime_InstallDependenciesServer) error {
	return nil
}

func (h *host) Cancel(context.Context, *pbempty.Empty) (*pbempty.Empty, error) {
	return &pbempty.Empty{}, nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir := req.GetPwd()
	entry := req.GetProgram()
	if info != nil {
		if info.GetProgramDirectory() != "" {
			programDir = info.GetProgramDirectory()
		}
		if info.GetEntryPoint() != "" {
			entry = info.GetEntryPoint()
		}
	}
	if entry == "" {
		entry = "."
	}
	runPath, err := resolveRun(programDir)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	args := []string{runPath}
	add := func(k, v string) {
		if v != "" {
			args = append(args, "--"+k, v)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", h.engineAddress)
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	add("stack", req.GetStack())
	add("pwd", programDir)
	if info != nil {
		add("root-directory", info.GetRootDirectory())
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		add("parallel", fmt.Sprint(req.GetParallel()))
	}
	args = append(args, entry)
	args = append(args, req.GetArgs()...)

	// The SDK expects a JSON object and array, never null.
	configMap := req.GetConfig()
	if configMap == nil {
		configMap = map[string]string{}
	}
	config, err := json.Marshal(configMap)
	if err != nil {
		return nil, err
	}
	secretList := req.GetConfigSecretKeys()
	if secretList == nil {
		secretList = []string{}
	}
	secretKeys, err := json.Marshal(secretList)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeys),
		"PULUMI_NODEJS_TYPESCRIPT="+boolOption(info, "typescript", true),
	)
	if ts := stringOption(info, "tsconfig"); ts != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+ts)
	}

	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = programDir
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	cmd.Env = env
	if err := cmd.Run(); err != nil {
		if exit, ok := err.(*exec.ExitError); ok {
			// A program that failed has already reported its error through the engine.
			if exit.ExitCode() == 32 {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exit.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run node: %v", err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// resolveRun finds @pulumi/pulumi/cmd/run the way Node would from the program directory.
func resolveRun(dir string) (string, error) {
	return resolveModule(dir, filepath.Join("@pulumi", "pulumi", "cmd", "run"))
}

// resolveModule finds node_modules/<module> the way Node would from dir upwards.
func resolveModule(dir, module string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "node_modules", module)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("@pulumi/pulumi is not installed for %s: run npm ci first", dir)
		}
	}
}

func option(info *pulumirpc.ProgramInfo, key string) (interface{}, bool) {
	if info == nil || info.GetOptions() == nil {
		return nil, false
	}
	v, ok := info.GetOptions().AsMap()[key]
	return v, ok
}

func boolOption(info *pulumirpc.ProgramInfo, key string, def bool) string {
	if v, ok := option(info, key); ok {
		if b, isBool := v.(bool); isBool {
			return fmt.Sprint(b)
		}
	}
	return fmt.Sprint(def)
}

func stringOption(info *pulumirpc.ProgramInfo, key string) string {
	if v, ok := option(info, key); ok {
		if s, isString := v.(string); isString {
			return s
		}
	}
	return ""
}

// RunPlugin runs a Node.js policy pack (the engine asks the language host for analyzer plugins
// whose PulumiPolicy.yaml says `runtime: nodejs`; it never looks for pulumi-analyzer-policy
// while a nodejs language host exists). Like upstream: @pulumi/pulumi/cmd/run-policy-pack
// resolved from the pack's directory, the engine's args then the pack directory, the pack's
// directory as working directory, and a proxy that takes the engine's ConfigureStack first so
// the pack sees the organization, project, stack and config (pulumi.getStack()).
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if req.GetKind() != string(apitype.AnalyzerPlugin) {
		return status.Errorf(codes.Unimplemented, "this language host runs only policy packs, not %s plugins", req.GetKind())
	}
	ctx := server.Context()
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	info := req.GetInfo()
	packDir := info.GetProgramDirectory()
	runPath, err := resolveModule(packDir, filepath.Join("@pulumi", "pulumi", "cmd", "run-policy-pack"))
	if err != nil {
		return err
	}
	env := append(req.GetEnv(), "PULUMI_NODEJS_TYPESCRIPT="+boolOption(info, "typescript", true))
	if ts := stringOption(info, "tsconfig"); ts != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+ts)
	}

	proxy, proxied, err := sdk.NewPolicyProxy(ctx, stdout)
	if err != nil {
		return fmt.Errorf("could not start the policy pack proxy: %w", err)
	}
	config, err := proxy.AwaitConfiguration(ctx)
	if err != nil {
		return fmt.Errorf("could not get the stack configuration: %w", err)
	}
	if config != nil {
		set := func(k, v string) {
			if v != "" {
				env = append(env, k+"="+v)
			}
		}
		set("PULUMI_NODEJS_ORGANIZATION", config.GetOrganization())
		set("PULUMI_NODEJS_PROJECT", config.GetProject())
		set("PULUMI_NODEJS_STACK", config.GetStack())
		set("PULUMI_NODEJS_DRY_RUN", fmt.Sprint(config.GetDryRun()))
		if config.GetConfig() != nil {
			configJSON, err := json.Marshal(config.GetConfig())
			if err != nil {
				return err
			}
			set("PULUMI_CONFIG", string(configJSON))
		}
	}

	args := append([]string{runPath}, req.GetArgs()...)
	args = append(args, packDir)
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = packDir
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = proxied, stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not run node: %w", err)
	}
	if err := proxy.Attach(ctx, cmd); err != nil {
		if exit, ok := err.(*exec.ExitError); ok {
			return fmt.Errorf("policy pack exited with code %d", exit.ExitCode())
		}
		return err
	}
	return closer.Close()
}
