/**
 * Loading the account file: YAML with positions, the file's structure (schema.ts), then every
 * entry through its resource's own check(), so a bad value fails here, before anything runs,
 * with the file, line and field named:
 *
 *   account.yaml:14:7: apiApps[0].domains: at most 10 items
 */
import * as fs from "fs";
import * as path from "path";
import { RunError } from "@pulumi/pulumi";
import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { Kind } from "../resources/definitions";
import { inputSchemas, registry } from "../resources/registry";
import { checkInputs } from "../core/check";
import type { Props } from "../core/resource";
import { AccountFile, accountFileSchema, fileOnlyKeys } from "./schema";
import { authoritativeIssues, duplicateIssues, emptyFileIssues, referenceIssues } from "./rules";
import { unknownKeyIssues } from "./unknown-keys";
import type { FileIssue } from "./issues";

/**
 * A RunError, so that `pulumi preview` prints the message alone: no "unhandled exception"
 * frame, no stack, no dump of `issues` (the SDK's run.ts logs a RunError's message only).
 */
export class AccountFileError extends RunError {
  constructor(
    readonly file: string,
    readonly issues: { line: number; column: number; field: string; message: string }[],
  ) {
    super(issues.map((i) => `${file}:${i.line}:${i.column}: ${i.field}: ${i.message}`).join("\n"));
    this.name = "AccountFileError";
  }
}

export function fieldName(p: (string | number)[]): string {
  return p.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

/** "signerRoles[0].name" -> ["signerRoles", 0, "name"] */
function propertySegments(property: string): (string | number)[] {
  return property
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((s) => (s.startsWith("[") ? Number(s.slice(1, -1)) : s));
}

/** Paths in the file are relative to the file; the provider resolves them from its cwd. */
function resolvePaths(account: AccountFile, dir: string): AccountFile {
  const abs = (p: string) => path.resolve(dir, p);
  return {
    ...account,
    apiApps: account.apiApps?.map((a) => (a.customLogoFile ? { ...a, customLogoFile: abs(a.customLogoFile) } : a)),
    templates: account.templates?.map((t) => (t.files ? { ...t, files: t.files.map(abs) } : t)),
  };
}

/** An entry's check failures: the same check a preview runs (core/check.ts), which reads nothing. */
const failuresOf = (kind: Kind, inputs: Props) => checkInputs(registry[kind], inputSchemas[kind], {}, inputs).failures ?? [];

/** A zod issue's path (symbols never occur in a parsed YAML document's keys). */
const issuePath = (path: PropertyKey[]) => path.filter((p): p is string | number => typeof p !== "symbol");

function checkEntries(account: AccountFile): FileIssue[] {
  const issues: FileIssue[] = [];
  const run = (section: string, kind: Kind, entries: Record<string, unknown>[] | undefined, extra: string[] = []) =>
    entries?.forEach((entry, i) => {
      const strip: string[] = [...fileOnlyKeys, ...extra];
      const inputs = Object.fromEntries(Object.entries(entry).filter(([k]) => !strip.includes(k)));
      for (const f of failuresOf(kind, inputs)) issues.push({ path: [section, i, ...propertySegments(f.property)], message: f.reason });
    });
  if (account.team) {
    const { protect: _p, retainOnDelete: _r, ...team } = account.team;
    for (const f of failuresOf("Team", team)) issues.push({ path: ["team", ...propertySegments(f.property)], message: f.reason });
  }
  // Each entry checked by its kind's definition (the same check a preview runs).
  run("members", "TeamMember", account.members);
  run("apiApps", "ApiApp", account.apiApps);
  run("templates", "Template", account.templates, ["access"]);
  run("faxLines", "FaxLine", account.faxLines, ["users"]);
  return issues;
}

/** The key node of `path`'s last segment in its parent map. */
function keyNode(doc: Document, path: (string | number)[]): Node | undefined {
  const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
  if (!isMap(parent)) return undefined;
  const key = parent.items.find((pair) => isScalar(pair.key) && pair.key.value === path[path.length - 1])?.key;
  return isNode(key) ? key : undefined;
}

/** Where a node starts and ends in the text, when it is a node. */
const rangeOf = (node: unknown) => (isNode(node) ? node.range : undefined);

function located(doc: Document, lines: LineCounter, issue: FileIssue) {
  let p = [...issue.path];
  let node: unknown = issue.at === "key" ? keyNode(doc, p) : doc.getIn(p, true);
  while (!rangeOf(node) && p.length > 0) {
    p = p.slice(0, -1);
    node = p.length ? doc.getIn(p, true) : doc.contents;
  }
  const offset = rangeOf(node)?.[0] ?? 0;
  const pos = lines.linePos(offset);
  return { line: pos.line, column: pos.col, field: fieldName(issue.path) || "(file)", message: issue.message };
}

/** Parses and validates the account file text; throws AccountFileError naming line and field. */
export function parseAccountFile(text: string, file: string, baseDir = path.dirname(file)): AccountFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length) {
    throw new AccountFileError(
      file,
      doc.errors.map((e) => {
        const pos = lines.linePos(e.pos[0]);
        return { line: pos.line, column: pos.col, field: "(yaml)", message: e.message.split("\n")[0] };
      }),
    );
  }
  const parsed = accountFileSchema.safeParse(doc.toJS() ?? {});
  const issues: FileIssue[] = parsed.success
    ? [...emptyFileIssues(parsed.data), ...authoritativeIssues(parsed.data), ...duplicateIssues(parsed.data), ...referenceIssues(parsed.data), ...checkEntries(resolvePaths(parsed.data, baseDir))]
    : parsed.error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? unknownKeyIssues(issuePath(i.path), i.keys) : [{ path: issuePath(i.path), message: i.message }]));
  if (issues.length)
    throw new AccountFileError(
      file,
      issues.map((i) => located(doc, lines, i)),
    );
  return resolvePaths(parsed.data!, baseDir);
}

export function loadAccountFile(file: string): AccountFile {
  return parseAccountFile(fs.readFileSync(file, "utf8"), file);
}
