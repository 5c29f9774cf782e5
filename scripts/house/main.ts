/**
 * `npm run house [-- --json] [root]`: the figures of issue 38 (places naming every kind, module
 * state, knob styles, casts and any, untyped replies, Markdown size, a new kind's edits) from a
 * tree (default: this repository), as a table or JSON.
 */
import * as path from "node:path";
import { formatFigures, measure } from "./figures";

const args = process.argv.slice(2);
const json = args.includes("--json");
const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(__dirname, "..", ".."));
const figures = measure(root);
process.stdout.write(json ? JSON.stringify(figures, null, 2) + "\n" : formatFigures(figures));
