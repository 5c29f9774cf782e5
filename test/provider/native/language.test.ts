/**
 * One schema: the language sections the SDK generators read live in schema.json itself (no
 * overlay), so the published schema, the plugin's GetSchema and `pulumi package add ./schema.json`
 * give the SDKs we ship; the engine range in them is package.json's peer range.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { languageSettings, PULUMI_RANGE, pythonRange } from "../../../provider/schema/language";
import { buildSchema } from "../../../provider/schema/generate";

const repoRoot = path.resolve(__dirname, "..", "..", "..");
const checkedIn = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));

describe("schema: the SDKs' language sections are in schema.json", () => {
  it("schema.json carries every section the SDKs are generated with (dependencies, requires, pyproject, respectSchemaVersion)", () => {
    assert.deepStrictEqual(checkedIn.language, JSON.parse(JSON.stringify(languageSettings)));
    assert.deepStrictEqual(checkedIn.language.nodejs.dependencies, { "@pulumi/pulumi": PULUMI_RANGE });
    assert.deepStrictEqual(checkedIn.language.python.requires, { pulumi: ">=3.248.0,<4.0.0" });
    assert.deepStrictEqual(checkedIn.language.python.pyproject, { enabled: true });
    for (const lang of ["nodejs", "python", "go"]) assert.strictEqual(checkedIn.language[lang].respectSchemaVersion, true, lang);
  });

  it("the plugin serves the same language sections (GetSchema builds the schema at run time)", () => {
    assert.deepStrictEqual(JSON.parse(JSON.stringify(buildSchema())).language, checkedIn.language);
  });

  it("the SDKs' engine range is package.json's peer range, in each language's spelling", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    assert.strictEqual(PULUMI_RANGE, pkg.peerDependencies["@pulumi/pulumi"]);
    assert.strictEqual(pythonRange(">=3.248.0 <4"), ">=3.248.0,<4.0.0");
    assert.throws(() => pythonRange("^3.248.0"), /not ">=X.Y.Z <N"/);
  });

  it("the schema names our logo (the Pulumi Registry asks for logoUrl), and the file is in the repository", () => {
    assert.strictEqual(checkedIn.logoUrl, "https://raw.githubusercontent.com/esign/pulumi-esign/main/docs/assets/logo.svg");
    const svg = fs.readFileSync(path.join(repoRoot, "docs", "assets", "logo.svg"), "utf8");
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 128 128"/);
  });

  it("no overlay: the generator is given schema.json alone", () => {
    assert.ok(!fs.existsSync(path.join(repoRoot, "tools", "sdkgen", "overlay.json")));
    assert.doesNotMatch(fs.readFileSync(path.join(repoRoot, "scripts", "gen-sdks"), "utf8"), /overlay/);
    assert.doesNotMatch(fs.readFileSync(path.join(repoRoot, "tools", "sdkgen", "main.go"), "utf8"), /overlay/);
  });
});
