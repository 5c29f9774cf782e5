/** docs/resources/*.md are generated from the schema, the rules, the calls and the kept prose: they must be fresh and complete. */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { registry } from "../../../provider/resources/registry";
import { pageName, proseOf, resourcePage } from "../../../provider/schema/docs";
import { resourceSpecs } from "../../../provider/schema/resources";

const dir = path.resolve(__dirname, "..", "..", "..", "docs", "resources");

describe("native plugin: docs/resources pages", () => {
  for (const kind of Object.keys(registry)) {
    it(`${pageName(kind)}.md is what \`npm run docs:resources\` writes`, () => {
      const prose = proseOf(path.join(dir, "prose"), kind);
      const page = fs.readFileSync(path.join(dir, `${pageName(kind)}.md`), "utf8");
      assert.ok(page === resourcePage(kind, prose), `docs/resources/${pageName(kind)}.md is stale: run \`npm run docs:resources\``);
      const preview = resourceSpecs[kind].calls.find(([op]) => op === "preview");
      // Only a resource that plans at check (an authoritative list naming its removals, D100) reads at preview.
      if (registry[kind].plan) assert.ok(preview && !/^none\b/.test(preview[1]), `${kind}: the calls table names the read its preview makes`);
      else assert.ok(preview && /^none\b/.test(preview[1]), `${kind}: the calls table says preview makes none`);
      for (const op of ["create", "refresh", "delete"])
        assert.ok(
          resourceSpecs[kind].calls.some(([o]) => o === op),
          `${kind}: the calls of ${op}`,
        );
      for (const [key, rule] of Object.entries(registry[kind].rules)) {
        if (rule.change !== "ignore") assert.ok(page.includes(`\`${key}\``), `${kind}: the page names ${key}`);
      }
    });
  }
});
