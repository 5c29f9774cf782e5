/** `npm run schema`: writes schema.json at the repository root from provider/schema/. */
import * as fs from "fs";
import * as path from "path";
import { schemaText } from "./generate";

const root = path.resolve(__dirname, "..", "..", __dirname.includes(`${path.sep}dist${path.sep}`) ? ".." : "");
const file = path.join(root, "schema.json");
fs.writeFileSync(file, schemaText());
console.log(`wrote ${path.relative(process.cwd(), file) || file}`);
