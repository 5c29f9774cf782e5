/** docs/resources/*.md are generated from the schema, the rules and the kept prose: they must be fresh. */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { registry } from "../../../provider/resources/registry";
import { pageName, resourcePage } from "../../../provider/schema/docs";

const dir = path.resolve(__dirname, "..", "..", "..", "docs", "resources");

describe("native plugin: docs/resources pages", () => {
  for (const kind of Object.keys(registry)) {
    it(`${pageName(kind)}.md is what \`npm run docs:resources\` writes`, () => {
      const prose = fs.readFileSync(path.join(dir, "prose", `${pageName(kind)}.md`), "utf8");
      const page = fs.readFileSync(path.join(dir, `${pageName(kind)}.md`), "utf8");
      assert.ok(page === resourcePage(kind, prose), `docs/resources/${pageName(kind)}.md is stale: run \`npm run docs:resources\``);
      for (const [key, rule] of Object.entries(registry[kind].rules)) {
        if (rule.change !== "ignore") assert.ok(page.includes(`\`${key}\``), `${kind}: the page names ${key}`);
      }
    });
  }
});
