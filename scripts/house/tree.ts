/** The files of a tree the figures read, and their TypeScript syntax trees (no type checker: fast). */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

/** Folders never read: installed, built, generated SDKs, version control. */
const SKIP = new Set(["node_modules", ".git", "dist", "sdk", ".pulumi-local", "coverage"]);

/** Every file under `dir` (relative to `root`, with `/`), sorted, optionally only those ending in one of `exts`. */
export function filesUnder(root: string, dir: string, exts?: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) walk(child);
      } else if (e.isFile() && (!exts || exts.some((x) => e.name.endsWith(x)))) out.push(child);
    }
  };
  walk(dir === "." ? "" : dir);
  return out.sort();
}

/** TypeScript sources under `dir`, without declaration files. */
export const tsFilesUnder = (root: string, dir: string) => filesUnder(root, dir, [".ts"]).filter((f) => !f.endsWith(".d.ts"));

export function parse(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
}

/** `file:line` of a node. */
export function where(sf: ts.SourceFile, node: ts.Node): string {
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
}

/** Every node of a tree, depth first. */
export function eachNode(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (c) => eachNode(c, visit));
}
