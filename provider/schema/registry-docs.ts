/**
 * The Pulumi Registry's two package pages, generated so they cannot go stale:
 * docs/_index.md (overview, an example per language from the schema's examples) and
 * docs/installation-configuration.md (packages, the plugin and its download URL, the config
 * keys from the SETTINGS table). `npm run docs:resources` writes them; a test fails when stale.
 */
import { PLUGIN_DOWNLOAD_URL } from "../native/version";
import { environmentSettings } from "../client/options";
import { SETTINGS, type SettingSpec } from "../deployment/settings";
import { metaOf } from "./from-zod";
import { resourceExamples } from "./examples";

/** The names decided for every language (the schema's language settings follow them). */
export const PACKAGES = {
  nodejs: "@esign/pulumi",
  python: "pulumi_esign",
  go: "github.com/esign/pulumi-esign/sdk/go/esign",
  goModule: "github.com/esign/pulumi-esign/sdk",
};

const LANGS = [
  ["typescript", "TypeScript"],
  ["python", "Python"],
  ["go", "Go"],
  ["yaml", "YAML"],
] as const;

const frontMatter = (title: string, metaDesc: string) => ["---", `title: ${title}`, `meta_desc: ${metaDesc}`, "layout: package", "---"].join("\n");

/** One program in every language, in the registry's language chooser. */
function chooser(kind: string): string {
  const example = resourceExamples[kind][0];
  return [
    `{{< chooser language "${LANGS.map(([l]) => l).join(",")}" >}}`,
    ...LANGS.map(([lang]) => [`{{% choosable language ${lang} %}}`, "", `\`\`\`${lang}`, example[lang].trimEnd(), "```", "", "{{% /choosable %}}"].join("\n")),
    "{{< /chooser >}}",
  ].join("\n");
}

export function indexPage(): string {
  return `${[
    frontMatter("esign", "Manage an electronic-signature account (the Dropbox Sign v3 API) with Pulumi: API apps, the team and its members, templates, fax lines."),
    "The esign provider manages an electronic-signature account through the Dropbox Sign v3 API: its API apps, the team and its members, templates and who may use them, fax lines and their users. Preview shows what a change does to each object before anything is sent; a key of another account is refused before any write.",
    "## Example",
    chooser("TeamMember"),
    "## Resources and functions",
    "- Resources: `ApiApp`, `Team`, `TeamMember`, `Template`, `TemplateAccess`, `FaxLine`, `FaxLineUser`, the authoritative lists `TeamMemberSet`, `TemplateAccessSet`, `FaxLineUserSet`, and the `Account` component (a whole account from an account file).\n" +
      "- Functions: `getAccount`, `getTeam`, `getTemplate`, `getApiApp`, `getFaxLine`.",
    "## Bringing an existing account in",
    "`esign export --format pulumi-import --out import.json` reads the account and writes an import file for `pulumi import --file import.json`; see each resource's Import section for its id.",
    "The Installation & Configuration page tells how to install the provider and set its API key.",
  ].join("\n\n")}\n`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function settingRow(s: SettingSpec): string {
  const type = s.type === "string[]" ? "list of strings" : s.type;
  const extra = [s.secret ? "Secret." : "", s.default !== undefined ? `Default: \`${s.default}\`.` : ""].filter(Boolean).join(" ");
  return `| \`esign:${s.name}\` | \`${s.env}\` | ${type} | ${cell(`${s.description}${extra ? ` ${extra}` : ""}`)} |`;
}

export function installationPage(version: string): string {
  return `${[
    frontMatter("esign Installation & Configuration", "How to install the esign provider and configure its API key."),
    "## Installation",
    "The esign provider is available as a package in these Pulumi languages:",
    [
      `- JavaScript/TypeScript: [\`${PACKAGES.nodejs}\`](https://www.npmjs.com/package/${PACKAGES.nodejs})`,
      `- Python: [\`${PACKAGES.python}\`](https://pypi.org/project/${PACKAGES.python}/)`,
      `- Go: [\`${PACKAGES.go}\`](https://pkg.go.dev/${PACKAGES.go})`,
      "- YAML: no package; use the `esign:index:*` types.",
    ].join("\n"),
    ["```sh", `npm install ${PACKAGES.nodejs}`, `pip install ${PACKAGES.python}`, `go get ${PACKAGES.goModule}@v${version}`, "```"].join("\n"),
    `The Go module lives in the repository's \`sdk/\` folder, so its releases are the tags \`sdk/v<version>\`.`,
    "### Provider plugin",
    `The SDKs ask the engine for the \`esign\` resource plugin (\`pulumi-resource-esign\`) of their own version, which it downloads from \`${PLUGIN_DOWNLOAD_URL}\` (the release archives \`pulumi-resource-esign-v<version>-<os>-<arch>.tar.gz\`). To install it by hand:`,
    ["```sh", `pulumi plugin install resource esign v${version} --server ${PLUGIN_DOWNLOAD_URL}`, "```"].join("\n"),
    "## Configuration",
    "Set the API key as a secret, or in the environment (which keeps it out of the stack's state):",
    ["```sh", "pulumi config set esign:apiKey --secret", "# or", "export ESIGN_API_KEY=...", "```"].join("\n"),
    "Every setting is a stack config key of the default provider (an environment variable too) and an input of an explicit `esign.Provider` (which reads only its inputs):",
    ["| Config key | Environment variable | Type | Description |", "|---|---|---|---|", ...SETTINGS.map(settingRow)].join("\n"),
    "A change of a setting, the key included, updates the provider; it never replaces the resources it manages.",
    "These are read from the environment only (they belong to the process, not the stack):",
    ["| Environment variable | Description |", "|---|---|", ...Object.values(environmentSettings.shape).map((k) => `| \`${metaOf(k).env}\` | ${cell(metaOf(k).description ?? "")} |`)].join("\n"),
  ].join("\n\n")}\n`;
}
