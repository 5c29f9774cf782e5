/**
 * Casts and `any` in provider/ (compiler API): a cast is `x as T` (not `as const`) or `<T>x`;
 * an `any` is the `any` keyword in a type position. And the untyped replies of the service's
 * handlers in service/areas/, whose payload no type ties to the API's schema: calls of
 * `<...>.reply.json(...)` and `<...>.reply.list(...)` / `list(...)` (the old form), and JSON
 * replies built by hand (an object literal with `status` and `body`) rather than returned as
 * the value of a response schema.
 */
import ts from "typescript";
import { eachNode, parse, tsFilesUnder, where } from "./tree";

export interface CastsFigure {
  casts: number;
  any: number;
  /** Files with the most casts + anys, most first. */
  top: { file: string; casts: number; any: number }[];
}

export function castsAndAny(root: string): CastsFigure {
  const perFile: { file: string; casts: number; any: number }[] = [];
  for (const file of tsFilesUnder(root, "provider")) {
    let casts = 0;
    let any = 0;
    eachNode(parse(root, file), (n) => {
      if (ts.isAsExpression(n) && !(ts.isTypeReferenceNode(n.type) && ts.isIdentifier(n.type.typeName) && n.type.typeName.text === "const")) casts++;
      else if (ts.isTypeAssertionExpression(n)) casts++;
      else if (n.kind === ts.SyntaxKind.AnyKeyword) any++;
    });
    if (casts || any) perFile.push({ file, casts, any });
  }
  const sum = (k: "casts" | "any") => perFile.reduce((s, f) => s + f[k], 0);
  return { casts: sum("casts"), any: sum("any"), top: [...perFile].sort((a, b) => b.casts + b.any - (a.casts + a.any) || a.file.localeCompare(b.file)).slice(0, 5) };
}

export interface RepliesFigure {
  json: number;
  list: number;
  /** Hand-built `{ status, body }` replies. */
  body: number;
  at: string[];
}

/** `{ status: ..., body: ... }`: a JSON reply built by hand. */
function isHandBuiltReply(n: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(n)) return false;
  const names = new Set(n.properties.flatMap((p) => (p.name && ts.isIdentifier(p.name) ? [p.name.text] : [])));
  return names.has("status") && names.has("body");
}

export function untypedReplies(root: string): RepliesFigure {
  let json = 0;
  let list = 0;
  let body = 0;
  const at: string[] = [];
  for (const file of tsFilesUnder(root, "service/areas")) {
    const sf = parse(root, file);
    eachNode(sf, (n) => {
      if (isHandBuiltReply(n)) {
        body++;
        at.push(where(sf, n));
        return;
      }
      if (!ts.isCallExpression(n)) return;
      const callee = n.expression;
      const viaReply = ts.isPropertyAccessExpression(callee) && ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === "reply";
      if (viaReply && callee.name.text === "json") json++;
      else if ((viaReply && callee.name.text === "list") || (ts.isIdentifier(callee) && callee.text === "list")) list++;
      else return;
      at.push(where(sf, n));
    });
  }
  return { json, list, body, at };
}
