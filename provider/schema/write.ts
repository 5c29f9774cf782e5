/** `npm run schema`: writes schema.json at the repository root from provider/schema/, and the files that list every kind (kind-files.ts). */
import * as fs from "fs";
import * as path from "path";
import { schemaText } from "./generate";
import { kindFiles } from "./kind-files";

const root = path.resolve(__dirname, "..", "..", __dirname.includes(`${path.sep}dist${path.sep}`) ? ".." : "");
const file = path.join(root, "schema.json");
fs.writeFileSync(file, schemaText());
console.log(`wrote ${path.relative(process.cwd(), file) || file}`);
for (const [rel, text] of Object.entries(kindFiles())) fs.writeFileSync(path.join(root, rel), text);
console.log(`wrote ${Object.keys(kindFiles()).join(", ")}`);
