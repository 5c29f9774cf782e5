/**
 * `npm run docs:resources`: writes docs/resources/<resource>.md from the schema, the rules and the
 * prose, the registry's docs/_index.md and docs/installation-configuration.md (registry-docs.ts), and
 * docs/README.md's table of resources (kind-files.ts).
 */
import * as fs from "fs";
import * as path from "path";
import { registry } from "../resources/registry";
import { pageName, proseOf, resourcePage } from "./docs";
import { DOCS_README, resourceTable, withSection } from "./kind-files";
import { indexPage, installationPage } from "./registry-docs";

const root = path.resolve(__dirname, "..", "..", __dirname.includes(`${path.sep}dist${path.sep}`) ? ".." : "");
const dir = path.join(root, "docs", "resources");
for (const kind of Object.keys(registry)) {
  fs.writeFileSync(path.join(dir, `${pageName(kind)}.md`), resourcePage(kind, proseOf(path.join(dir, "prose"), kind)));
}
console.log(`wrote ${Object.keys(registry).length} pages in ${path.relative(process.cwd(), dir) || dir}`);
const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
fs.writeFileSync(path.join(root, "docs", "_index.md"), indexPage());
fs.writeFileSync(path.join(root, "docs", "installation-configuration.md"), installationPage(version));
console.log("wrote docs/_index.md and docs/installation-configuration.md");
const readme = path.join(root, DOCS_README);
fs.writeFileSync(readme, withSection(fs.readFileSync(readme, "utf8"), "resources", resourceTable()));
console.log(`wrote the resources table of ${DOCS_README}`);
