/** Per-language settings of the generated SDKs (sdk/nodejs, sdk/python, sdk/go). */
export const languageSettings = {
  nodejs: { packageName: "@esign/pulumi-esign", packageDescription: "Pulumi provider for an electronic-signature account (Dropbox Sign v3 API)." },
  python: { packageName: "pulumi_esign" },
  go: { importBasePath: "github.com/esign/pulumi-esign/sdk/go/esign", generateResourceContainerTypes: true },
};
