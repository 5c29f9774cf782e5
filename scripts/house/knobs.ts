/**
 * Knob styles: the distinct ways the tree declares a setting or option, each found by a
 * syntactic detector over provider/ and service/ (compiler API). A style counts when its
 * detector finds at least one declaration:
 * - "zod schema": a top-level const named `*Inputs`, `*Settings`, `*Options` or `*Flags`
 *   initialized by a call chain on `z.object(...)` (resource inputs, settings, service options,
 *   a command's flags), or a top-level table whose entries' `inputs` are such a chain (lookups);
 * - "settings table": a top-level const initialized by an array literal of object literals that all
 *   have `name` and `env` properties (each entry one setting);
 * - "hand JSON spec": a top-level const initialized by an object literal whose values are object
 *   literals with a `description` and an object-literal `inputs` (property specs written as JSON);
 * - "options interface": an interface named `*Options` with at least 8 members, all optional;
 * - "flag table": an `options:` object literal whose values are object literals with `type` and
 *   `description` (a command's flags written as the parser's table);
 * - "hand flag switch": a function holding a `switch` with at least two `case "--flag"` clauses.
 * The argument parsers are counted apart: a function calling node:util's `parseArgs(...)` (an
 * "argument parser" find, not a style: the flags it reads are declared elsewhere) or a hand
 * flag switch.
 */
import ts from "typescript";
import { eachNode, parse, tsFilesUnder, where } from "./tree";

export interface KnobFind {
  style: string;
  at: string;
  name: string;
  /** Entries declared: properties, settings, members, flags. */
  entries: number;
}

export const KNOB_STYLES = ["zod schema", "settings table", "hand JSON spec", "options interface", "flag table", "hand flag switch"] as const;
/** The finds that are argument parsers. */
export const PARSER_STYLES = ["argument parser", "hand flag switch"];

const ZOD_KNOB_NAME = /(Inputs|Settings|Options|Flags)$/;

const propNames = (o: ts.ObjectLiteralExpression) => o.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : ""));
const prop = (o: ts.ObjectLiteralExpression, name: string) =>
  o.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);

/** The `z.object({...})` at the root of a call chain such as `z.object({...}).strict()`. */
function zodObjectOf(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
  while (ts.isCallExpression(e) || ts.isPropertyAccessExpression(e)) {
    if (
      ts.isCallExpression(e) &&
      ts.isPropertyAccessExpression(e.expression) &&
      e.expression.name.text === "object" &&
      ts.isIdentifier(e.expression.expression) &&
      e.expression.expression.text === "z"
    ) {
      const arg = e.arguments[0];
      return arg && ts.isObjectLiteralExpression(arg) ? arg : undefined;
    }
    e = e.expression;
  }
  return undefined;
}

/** Whether an entry's `inputs` is a `z.object(...)` chain. */
function zodInputs(o: ts.ObjectLiteralExpression): boolean {
  const inputs = prop(o, "inputs");
  return !!inputs && zodObjectOf(inputs.initializer) !== undefined;
}

const isFlagSpec = (e: ts.Expression) => ts.isObjectLiteralExpression(e) && ["type", "description"].every((k) => propNames(e).includes(k));

/** `options: { flag: { type, description }, ... }` anywhere in the file: a command's hand flag table. */
function flagTableFinds(sf: ts.SourceFile): KnobFind[] {
  const finds: KnobFind[] = [];
  eachNode(sf, (n) => {
    if (!ts.isPropertyAssignment(n) || !(ts.isIdentifier(n.name) && n.name.text === "options") || !ts.isObjectLiteralExpression(n.initializer)) return;
    const flags = n.initializer.properties.filter((p) => ts.isPropertyAssignment(p) && isFlagSpec(p.initializer));
    if (flags.length > 0 && flags.length === n.initializer.properties.length) finds.push({ style: "flag table", at: where(sf, n), name: "options", entries: flags.length });
  });
  return finds;
}

function topLevelFinds(name: string, init: ts.Expression, at: string): KnobFind[] {
  const finds: KnobFind[] = [];
  const zod = ZOD_KNOB_NAME.test(name) ? zodObjectOf(init) : undefined;
  if (zod) finds.push({ style: "zod schema", at, name, entries: zod.properties.length });
  if (ts.isArrayLiteralExpression(init) && init.elements.length > 0 && init.elements.every((e) => ts.isObjectLiteralExpression(e) && ["name", "env"].every((k) => propNames(e).includes(k))))
    finds.push({ style: "settings table", at, name, entries: init.elements.length });
  if (ts.isObjectLiteralExpression(init) && init.properties.length > 0) {
    const specs = init.properties.filter(
      (p) =>
        ts.isPropertyAssignment(p) &&
        ts.isObjectLiteralExpression(p.initializer) &&
        prop(p.initializer, "description") &&
        prop(p.initializer, "inputs")?.initializer.kind === ts.SyntaxKind.ObjectLiteralExpression,
    );
    if (specs.length > 0 && specs.length === init.properties.length) finds.push({ style: "hand JSON spec", at, name, entries: specs.length });
    const zodSpecs = init.properties.filter((p) => ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(p.initializer) && zodInputs(p.initializer));
    if (zodSpecs.length > 0 && zodSpecs.length === init.properties.length) finds.push({ style: "zod schema", at, name, entries: zodSpecs.length });
  }
  return finds;
}

/** Names imported as `parseArgs` from node:util in this file. */
function utilParseArgs(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !["node:util", "util"].includes(st.moduleSpecifier.text)) continue;
    const b = st.importClause?.namedBindings;
    if (b && ts.isNamedImports(b)) for (const el of b.elements) if ((el.propertyName ?? el.name).text === "parseArgs") names.add(el.name.text);
  }
  return names;
}

function parserFinds(sf: ts.SourceFile): KnobFind[] {
  const finds: KnobFind[] = [];
  const parseArgsNames = utilParseArgs(sf);
  eachNode(sf, (n) => {
    if (!(ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)) || !n.body) return;
    let util = false;
    let flags = 0;
    const inner = (m: ts.Node): void => {
      if (m !== n && (ts.isFunctionDeclaration(m) || ts.isFunctionExpression(m) || ts.isArrowFunction(m) || ts.isMethodDeclaration(m))) return; // its own finding
      if (ts.isCallExpression(m) && ts.isIdentifier(m.expression) && parseArgsNames.has(m.expression.text)) util = true;
      if (ts.isSwitchStatement(m)) {
        const f = m.caseBlock.clauses.filter((c) => ts.isCaseClause(c) && ts.isStringLiteralLike(c.expression) && c.expression.text.startsWith("--")).length;
        if (f >= 2) flags += f;
      }
      ts.forEachChild(m, inner);
    };
    inner(n);
    const name = n.name && ts.isIdentifier(n.name) ? n.name.text : "(function)";
    if (util) finds.push({ style: "argument parser", at: where(sf, n), name: `${name} (node:util parseArgs)`, entries: 0 });
    else if (flags) finds.push({ style: "hand flag switch", at: where(sf, n), name, entries: flags });
  });
  return finds;
}

export function knobsOfFile(root: string, file: string): KnobFind[] {
  const sf = parse(root, file);
  const finds: KnobFind[] = [];
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st) && st.declarationList.flags & ts.NodeFlags.Const)
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) finds.push(...topLevelFinds(d.name.text, d.initializer, where(sf, d)));
    if (ts.isInterfaceDeclaration(st) && st.name.text.endsWith("Options") && st.members.length >= 8 && st.members.every((m) => m.questionToken))
      finds.push({ style: "options interface", at: where(sf, st), name: st.name.text, entries: st.members.length });
  }
  return [...finds, ...flagTableFinds(sf), ...parserFinds(sf)];
}

export function knobs(root: string): { styles: string[]; finds: KnobFind[] } {
  const finds = ["provider", "service"].flatMap((dir) => tsFilesUnder(root, dir).flatMap((f) => knobsOfFile(root, f)));
  return { styles: KNOB_STYLES.filter((s) => finds.some((f) => f.style === s)), finds };
}
