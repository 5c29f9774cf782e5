// sdkgen writes the esign SDKs from schema.json with Pulumi's own code generators
// (github.com/pulumi/pulumi/pkg/v3/codegen/{nodejs,python,go}), the same packages the
// upstream language plugins call from their GeneratePackage. Those plugins cannot be
// fetched here (DECISIONS.md D46), so `pulumi package gen-sdk` cannot reach the generators;
// this tool calls them directly, as the language plugins would.
//
//	sdkgen -schema schema.json -out sdk [-lang nodejs,python,go]
//	       [-pulumi-sdk v3.248.0]
//
// Each language's directory under -out is replaced as a whole, like gen-sdk does. The Go
// module file goes one level up, to -out/go.mod (module .../sdk, tags sdk/vX.Y.Z), as Pulumi's
// own providers lay it out (DECISIONS.md D56); gen-sdks then writes its go.sum. The schema's own
// language section says everything the generators need: what we publish is what we build from.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"golang.org/x/mod/modfile"
)

// tool is the name the generators write into each file's "do not edit" header.
const tool = "esign-sdkgen"

func main() {
	schemaPath := flag.String("schema", "schema.json", "the package schema")
	out := flag.String("out", "sdk", "directory that receives <lang>/")
	langs := flag.String("lang", "nodejs,python,go", "comma-separated languages")
	version := flag.String("version", "", "the SDKs' version, as `pulumi package gen-sdk --version` (default: the schema's)")
	pulumiSDK := flag.String("pulumi-sdk", "", "the github.com/pulumi/pulumi/sdk/v3 version the Go module requires (default: the generator's)")
	flag.Parse()
	if err := run(*schemaPath, *out, *version, *pulumiSDK, strings.Split(*langs, ",")); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(schemaPath, out, version, pulumiSDK string, langs []string) error {
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	// Generate every language before writing any, so a failure leaves the SDKs as they were.
	generated := make([]map[string][]byte, len(langs))
	for i, lang := range langs {
		// Bind per language: the generators record their options in pkg.Language.
		pkg, err := bind(raw)
		if err != nil {
			return fmt.Errorf("%s: %w", schemaPath, err)
		}
		if version != "" {
			v, err := semver.Parse(version)
			if err != nil {
				return fmt.Errorf("-version %q: %w", version, err)
			}
			pkg.Version = &v
		}
		if generated[i], err = generate(lang, pkg); err != nil {
			return fmt.Errorf("generating %s: %w", lang, err)
		}
	}
	var goMod []byte
	for i, lang := range langs {
		if lang != "go" {
			continue
		}
		if goMod, err = goModule(generated[i]["go.mod"], pulumiSDK); err != nil {
			return err
		}
		delete(generated[i], "go.mod")
	}
	for i, lang := range langs {
		if err := write(filepath.Join(out, lang), generated[i]); err != nil {
			return err
		}
		if lang == "go" {
			if err := os.WriteFile(filepath.Join(out, "go.mod"), goMod, 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %d files in %s\n", lang, len(generated[i]), filepath.Join(out, lang))
	}
	return nil
}

// goModule is the generated go.mod with the Pulumi SDK requirement raised to pulumiSDK: the
// generator writes a fixed old minimum (v3.30.0), but the SDK is built and tested against the
// pinned engine's SDK only, so that is what it promises.
func goModule(generated []byte, pulumiSDK string) ([]byte, error) {
	if generated == nil {
		return nil, errors.New("the Go generator wrote no go.mod (SupportPack is off?)")
	}
	f, err := modfile.Parse("go.mod", generated, nil)
	if err != nil {
		return nil, fmt.Errorf("generated go.mod: %w", err)
	}
	if pulumiSDK != "" {
		if err := f.AddRequire("github.com/pulumi/pulumi/sdk/v3", pulumiSDK); err != nil {
			return nil, fmt.Errorf("-pulumi-sdk %q: %w", pulumiSDK, err)
		}
	}
	return f.Format()
}

func bind(raw []byte) (*schema.Package, error) {
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, err
	}
	// The same validation as `pulumi package gen-sdk` (cmd/pulumi/packages.BindSpec).
	pkg, diags, err := schema.BindSpec(spec, selfContained{}, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return nil, diags
	}
	// As `pulumi package add` does for local packages: the SDKs carry the schema's version
	// and their own module files (sdk/go/go.mod, sdk/python/pyproject.toml), so each one
	// installs from its directory without hand-written files beside it.
	pkg.SupportPack = true
	return pkg, nil
}

func generate(lang string, pkg *schema.Package) (map[string][]byte, error) {
	switch lang {
	case "nodejs":
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, selfContained{})
	case "python":
		files, err := python.GeneratePackage(tool, pkg, nil, selfContained{})
		if err != nil {
			return nil, err
		}
		// pyproject.toml names README.md beside it, but the generator writes the README into
		// the package folder only; providers' builds copy it up, and so do we.
		for name, content := range files {
			if path.Base(name) == "README.md" && path.Dir(name) != "." && !strings.Contains(path.Dir(name), "/") {
				files["README.md"] = content
			}
		}
		return files, nil
	case "go":
		return gogen.GeneratePackage(tool, pkg, nil)
	}
	return nil, fmt.Errorf("unknown language %q (nodejs, python or go)", lang)
}

// write replaces dir with exactly the generated files (sorted, so runs are reproducible).
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// selfContained is the schema loader: the esign schema refers to no other package, so any
// request to load one is an error that names it (instead of booting plugins to find it).
type selfContained struct{}

var errExternal = errors.New("the esign schema must not refer to other packages")

func (selfContained) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("%w (asked for %q)", errExternal, name)
}

func (selfContained) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("%w (asked for %q)", errExternal, d.Name)
}

func (selfContained) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("%w (asked for %q)", errExternal, name)
}

func (selfContained) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return nil, fmt.Errorf("%w (asked for %q)", errExternal, d.Name)
}
