/**
 * The Pulumi Registry's package pages (docs/_index.md, docs/installation-configuration.md) are
 * generated (`npm run docs:resources`): fresh, with the registry's front matter, the decided
 * package names, the plugin's download URL and version, and every setting of the SETTINGS table.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { PLUGIN_DOWNLOAD_URL } from "../../../provider/native/version";
import { environmentSettings } from "../../../provider/client/options";
import { SETTINGS } from "../../../provider/deployment/settings";
import { metaOf } from "../../../provider/schema/from-zod";
import { indexPage, installationPage, PACKAGES } from "../../../provider/schema/registry-docs";

const root = path.resolve(__dirname, "..", "..", "..");
const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
const read = (file: string) => fs.readFileSync(path.join(root, "docs", file), "utf8");

describe("native plugin: the registry's package pages", () => {
  it("docs/_index.md and docs/installation-configuration.md are what `npm run docs:resources` writes", () => {
    assert.ok(read("_index.md") === indexPage(), "docs/_index.md is stale: run `npm run docs:resources`");
    assert.ok(read("installation-configuration.md") === installationPage(version), "docs/installation-configuration.md is stale: run `npm run docs:resources`");
  });

  it("both start with the front matter the registry reads (title, meta_desc, layout)", () => {
    for (const page of [indexPage(), installationPage(version)]) {
      const front = /^---\ntitle: .+\nmeta_desc: .+\nlayout: package\n---\n/.exec(page);
      assert.ok(front, page.slice(0, 200));
    }
  });

  it("installation names each package, the plugin's version and download URL", () => {
    const page = installationPage(version);
    for (const name of [PACKAGES.nodejs, PACKAGES.python, PACKAGES.go]) assert.ok(page.includes(`\`${name}\``), name);
    assert.ok(page.includes(`pulumi plugin install resource esign v${version} --server ${PLUGIN_DOWNLOAD_URL}`));
    assert.ok(page.includes(`go get ${PACKAGES.goModule}@v${version}`));
  });

  it("the configuration table has one row per setting, with its environment variable, and the key is secret", () => {
    const rows = installationPage(version)
      .split("\n")
      .filter((l) => l.startsWith("| `esign:"));
    assert.deepStrictEqual(
      rows.map((r) => /^\| `esign:(\w+)` \| `(\w+)` \|/.exec(r)?.slice(1, 3)),
      SETTINGS.map((s) => [s.name, s.env]),
    );
    assert.match(rows[SETTINGS.findIndex((s) => s.name === "apiKey")], /Secret\. \|$/);
  });

  it("the environment's own variables follow, from their declaration (ESIGN_RECORD, ESIGN_DEBUG, ...)", () => {
    const page = installationPage(version);
    for (const schema of Object.values(environmentSettings.shape)) assert.ok(page.includes(`| \`${metaOf(schema).env}\` | ${metaOf(schema).description} |`), metaOf(schema).env);
  });

  it("the overview's example is the schema's, in every language of the chooser", () => {
    const page = indexPage();
    for (const lang of ["typescript", "python", "go", "yaml"]) assert.ok(page.includes(`{{% choosable language ${lang} %}}\n\n\`\`\`${lang}\n`), lang);
    assert.ok(page.includes('new esign.TeamMember("alice"'));
  });
});
