/**
 * Per-language settings of the generated SDKs (sdk/nodejs, sdk/python, sdk/go): everything Pulumi's
 * code generators read from the schema's `language` section, so the published schema.json, the
 * plugin's GetSchema and `pulumi package add ./schema.json` give the SDKs we ship (no overlay).
 * The names are the canonical repository's (github.com/esign/pulumi-esign, DECISIONS.md D56): the Go
 * module is sdk/go.mod (module .../sdk, package .../sdk/go/esign, tagged sdk/vX.Y.Z), as Pulumi's own
 * providers lay it out.
 *
 * The engine range is written here as literals (the plugin builds its schema at run time, where no
 * package.json is at hand); test/sdk/language.test.ts holds it equal to package.json's peer range.
 */

/** The @pulumi/pulumi versions the SDKs run on: package.json's peerDependencies range. */
export const PULUMI_RANGE = ">=3.248.0 <4";

/** An npm range `>=A <B` as a Python requirement specifier (`>=A,<B.0.0`). */
export function pythonRange(npmRange: string): string {
  const m = /^>=(\d+\.\d+\.\d+) <(\d+)$/.exec(npmRange);
  if (!m) throw new Error(`pythonRange: "${npmRange}" is not ">=X.Y.Z <N"`);
  return `>=${m[1]},<${m[2]}.0.0`;
}

export const languageSettings = {
  nodejs: {
    packageName: "@esign/pulumi",
    packageDescription: "Pulumi provider for an electronic-signature account (Dropbox Sign v3 API).",
    dependencies: { "@pulumi/pulumi": PULUMI_RANGE },
    devDependencies: { "@types/node": "^20", typescript: "~5.9.3" },
    respectSchemaVersion: true,
  },
  python: {
    packageName: "pulumi_esign",
    requires: { pulumi: pythonRange(PULUMI_RANGE) },
    pyproject: { enabled: true },
    respectSchemaVersion: true,
  },
  go: {
    importBasePath: "github.com/esign/pulumi-esign/sdk/go/esign",
    modulePath: "github.com/esign/pulumi-esign/sdk",
    generateResourceContainerTypes: true,
    respectSchemaVersion: true,
  },
};
