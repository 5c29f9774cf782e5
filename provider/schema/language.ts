/**
 * Per-language settings of the generated SDKs (sdk/nodejs, sdk/python, sdk/go). The names are the
 * canonical repository's (github.com/esign/pulumi-esign, DECISIONS.md D56): the Go module is sdk/go.mod
 * (module .../sdk, package .../sdk/go/esign, tagged sdk/vX.Y.Z), as Pulumi's own providers lay it out.
 */
export const languageSettings = {
  nodejs: { packageName: "@esign/pulumi", packageDescription: "Pulumi provider for an electronic-signature account (Dropbox Sign v3 API)." },
  python: { packageName: "pulumi_esign" },
  go: {
    importBasePath: "github.com/esign/pulumi-esign/sdk/go/esign",
    modulePath: "github.com/esign/pulumi-esign/sdk",
    generateResourceContainerTypes: true,
  },
};
