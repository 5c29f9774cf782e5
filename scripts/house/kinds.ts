/**
 * Places outside provider/resources/ that name every kind. The kinds are read from
 * provider/resources/definitions.ts (the keys of `definitions`, each with the folder it is
 * imported from), so no kind is listed here. A file names a kind when it holds one of the
 * kind's names in any vocabulary the tree uses:
 * - the class name `Template` (a string literal or an identifier in TypeScript; a whole word in Markdown/YAML),
 * - the type tokens `esign:index:Template` and `esign:Template` (the package from provider/native/tokens.ts),
 * - the folder / hold key `template-access`, its camelCase `templateAccess` and plural `templateAccesses`,
 * - a collection path `templates.access`: a dotted string whose parts, singular, spell the kind's words.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { eachNode, filesUnder, parse } from "./tree";

export interface KindInfo {
  kind: string;
  folder: string;
}

export interface KindsFigure {
  kinds: string[];
  /** Files (outside provider/resources/, tests and the decision/change records) naming every kind. */
  files: string[];
  /** How many kinds each file that names at least two of them names. */
  partial: Record<string, number>;
}

const DEFINITIONS = "provider/resources/definitions.ts";
/** Where kinds are named by design or as history, not as a place a new kind must be added. */
const NOT_PLACES = [/^provider\/resources\//, /^test\//, /^CHANGELOG\.md$/, /^DECISIONS\.md$/, /^docs\/decisions\//];

/** The kinds of definitions.ts: `export const definitions = { Kind: importedDefinition, ... }`. */
export function readKinds(root: string): KindInfo[] {
  if (!fs.existsSync(path.join(root, DEFINITIONS))) return [];
  const sf = parse(root, DEFINITIONS);
  const folderOf = new Map<string, string>();
  const kinds: KindInfo[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const folder = st.moduleSpecifier.text.split("/")[1] ?? "";
      for (const el of st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings) ? st.importClause.namedBindings.elements : []) folderOf.set(el.name.text, folder);
    }
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== "definitions" || !d.initializer || !ts.isObjectLiteralExpression(d.initializer)) continue;
      for (const p of d.initializer.properties) {
        if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
        const value = ts.isIdentifier(p.initializer) ? p.initializer.text : "";
        kinds.push({ kind: p.name.text, folder: folderOf.get(value) ?? "" });
      }
    }
  }
  return kinds;
}

/** The package of the type tokens (`export const PACKAGE = "esign"`), "esign" when the tree has none. */
function packageName(root: string): string {
  const file = path.join(root, "provider/native/tokens.ts");
  const m = fs.existsSync(file) ? /export const PACKAGE = "([^"]+)"/.exec(fs.readFileSync(file, "utf8")) : null;
  return m ? m[1] : "esign";
}

const words = (s: string) =>
  s
    .split(/[.\-_\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
const singular = (w: string) => (w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);
const camel = (k: string) => k[0].toLowerCase() + k.slice(1);

/** Which kinds a string (a literal in code) names. */
function kindsOfText(s: string, kinds: KindInfo[], pkg: string): string[] {
  return kinds
    .filter(({ kind, folder }) => {
      const names = [kind, `${pkg}:index:${kind}`, `${pkg}:${kind}`, folder, camel(kind), `${camel(kind)}s`, `${camel(kind)}es`];
      if (names.includes(s)) return true;
      return s.includes(".") && /^[A-Za-z.]+$/.test(s) && words(s).map(singular).join("") === words(kind).join("");
    })
    .map((k) => k.kind);
}

function kindsNamedIn(root: string, file: string, kinds: KindInfo[], pkg: string): Set<string> {
  const found = new Set<string>();
  if (file.endsWith(".ts")) {
    eachNode(parse(root, file), (n) => {
      if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) for (const k of kindsOfText(n.text, kinds, pkg)) found.add(k);
      else if (ts.isIdentifier(n)) for (const k of kinds) if (n.text === k.kind) found.add(k.kind);
    });
  } else {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const { kind } of kinds) if (new RegExp(`(^|[^A-Za-z0-9:])(${pkg}:(index:)?)?${kind}(?![A-Za-z0-9])`).test(text)) found.add(kind);
  }
  return found;
}

export function placesNamingEveryKind(root: string): KindsFigure {
  const kinds = readKinds(root);
  const pkg = packageName(root);
  const files: string[] = [];
  const partial: Record<string, number> = {};
  if (kinds.length === 0) return { kinds: [], files, partial };
  for (const file of filesUnder(root, ".", [".ts", ".md", ".yaml", ".yml"])) {
    if (file.endsWith(".d.ts") || NOT_PLACES.some((re) => re.test(file))) continue;
    const n = kindsNamedIn(root, file, kinds, pkg).size;
    if (n === kinds.length) files.push(file);
    else if (n >= 2) partial[file] = n;
  }
  return { kinds: kinds.map((k) => k.kind), files, partial };
}
