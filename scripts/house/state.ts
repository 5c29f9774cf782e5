/**
 * Module-level mutable state in provider/ and service/: the top-level statements of each file
 * (not tests: they are not under these folders), found by the compiler API:
 * - `let` / `var` at the top level (any binding: it can be reassigned);
 * - a top-level `const` bound to `new AsyncLocalStorage(...)` (a run's context held by the module);
 * - a top-level `const` bound to `new Map/Set/WeakMap/WeakSet/Array(...)`, an array literal or an
 *   object literal, that the file mutates: a mutating method call on it (`x.set(`, `x.push(`, ...)
 *   or an assignment / `delete` through it (`x.a = `, `x[k] = `, `delete x.a`).
 */
import ts from "typescript";
import { eachNode, parse, tsFilesUnder, where } from "./tree";

export interface StateItem {
  at: string;
  name: string;
  why: "let" | "var" | "AsyncLocalStorage" | "mutated";
}

const CONTAINERS = new Set(["Map", "Set", "WeakMap", "WeakSet", "Array"]);
const MUTATORS = new Set(["set", "add", "delete", "clear", "push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin"]);

/** The identifier an expression reaches through property accesses: `a` of `a.b[c]`. */
function rootName(e: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : undefined;
}

/** Names the file mutates: receivers of a mutating call, targets of assignments or `delete` through a property. */
function mutatedNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const isAssign = (k: ts.SyntaxKind) => k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;
  eachNode(sf, (n) => {
    let target: ts.Expression | undefined;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && MUTATORS.has(n.expression.name.text)) target = n.expression.expression;
    else if (ts.isBinaryExpression(n) && isAssign(n.operatorToken.kind) && (ts.isPropertyAccessExpression(n.left) || ts.isElementAccessExpression(n.left))) target = n.left;
    else if (ts.isDeleteExpression(n)) target = n.expression;
    else if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (ts.isPropertyAccessExpression(n.operand) || ts.isElementAccessExpression(n.operand))) target = n.operand;
    const name = target && rootName(target);
    if (name) names.add(name);
  });
  return names;
}

function initializerKind(e: ts.Expression | undefined): "als" | "container" | undefined {
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  if (!e) return undefined;
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression)) {
    if (e.expression.text === "AsyncLocalStorage") return "als";
    if (CONTAINERS.has(e.expression.text)) return "container";
  }
  if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) return "container";
  return undefined;
}

export function stateOfFile(root: string, file: string): StateItem[] {
  const sf = parse(root, file);
  const items: StateItem[] = [];
  let mutated: Set<string> | undefined;
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const flags = st.declarationList.flags;
    for (const d of st.declarationList.declarations) {
      const name = d.name.getText(sf);
      if (flags & ts.NodeFlags.Let) items.push({ at: where(sf, d), name, why: "let" });
      else if (!(flags & ts.NodeFlags.Const)) items.push({ at: where(sf, d), name, why: "var" });
      else {
        const kind = initializerKind(d.initializer);
        if (kind === "als") items.push({ at: where(sf, d), name, why: "AsyncLocalStorage" });
        else if (kind === "container" && ts.isIdentifier(d.name) && (mutated ??= mutatedNames(sf)).has(d.name.text)) items.push({ at: where(sf, d), name, why: "mutated" });
      }
    }
  }
  return items;
}

export function moduleState(root: string): StateItem[] {
  return ["provider", "service"].flatMap((dir) => tsFilesUnder(root, dir).flatMap((f) => stateOfFile(root, f)));
}
