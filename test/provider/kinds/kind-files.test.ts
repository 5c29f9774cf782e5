/**
 * The files and sections that name every kind are generated from resources/definitions.ts (D152):
 * each must be what `npm run schema` / `npm run docs:resources` writes, and the package exports a
 * class per definition.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as esign from "../../../provider";
import { allDefinitions } from "../../../provider/resources/definitions";
import { DOCS_README, kindFiles, resourceTable, withSection } from "../../../provider/schema/kind-files";

const root = path.resolve(__dirname, "..", "..", "..");

describe("kinds: the generated lists", () => {
  for (const [file, text] of Object.entries(kindFiles())) {
    it(`${file} is fresh: what \`npm run schema\` writes`, () => {
      assert.ok(fs.readFileSync(path.join(root, file), "utf8") === text, `${file} is stale: run \`npm run schema\` and commit it`);
    });
  }

  it(`${DOCS_README}'s resources table is fresh: what \`npm run docs:resources\` writes`, () => {
    const page = fs.readFileSync(path.join(root, DOCS_README), "utf8");
    assert.ok(withSection(page, "resources", resourceTable()) === page, `${DOCS_README} is stale: run \`npm run docs:resources\` and commit it`);
  });

  it("the resources table links each definition's page, which exists", () => {
    for (const d of allDefinitions) {
      const link = new RegExp(`^\\| \\[${d.kind}\\]\\(resources/([a-z-]+)\\.md\\) \\|`, "m").exec(resourceTable());
      assert.ok(link, `no row for ${d.kind}`);
      assert.ok(fs.existsSync(path.join(root, "docs", "resources", `${link[1]}.md`)), `docs/resources/${link[1]}.md is missing`);
    }
  });

  it("the package exports each definition's class under its kind, named after it", () => {
    const exported = new Map(Object.entries(esign));
    for (const d of allDefinitions) {
      const Class = exported.get(d.kind);
      assert.strictEqual(typeof Class, "function", `pulumi-esign exports no class ${d.kind}`);
      assert.strictEqual((Class as { name: string }).name, d.kind);
    }
  });
});
