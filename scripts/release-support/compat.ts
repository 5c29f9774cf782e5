/**
 * Whether a package schema (schema.json) still serves the programs written against an earlier
 * release's: what a user's code or state names must still exist with the same type, and no
 * input may become mandatory, no output a program reads may become optional (a Go field turns into a
 * pointer, a TypeScript type gains `undefined`). Additions (resources, functions, types, optional
 * inputs, outputs) are compatible. scripts/check-schema-compat (every pull request, and
 * scripts/release) refuses breaking changes unless the major version moved, and a major version
 * whose Go module path did not move to /v<major> (Go's rule for v2+ modules): DECISIONS.md D57, D110.
 */

/** The parts of a Pulumi package schema the check reads. */
export interface PropertySpec {
  type?: string;
  $ref?: string;
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  oneOf?: PropertySpec[];
}
interface ObjectSpec {
  properties?: Record<string, PropertySpec>;
  required?: string[];
}
interface ResourceSpec extends ObjectSpec {
  inputProperties?: Record<string, PropertySpec>;
  requiredInputs?: string[];
}
interface TypeSpec extends ObjectSpec {
  type?: string;
  enum?: { value: unknown; name?: string }[];
}
export interface SchemaSpec {
  language?: { go?: { importBasePath?: string; modulePath?: string } };
  config?: { variables?: Record<string, PropertySpec>; defaults?: string[] };
  provider?: ResourceSpec;
  resources?: Record<string, ResourceSpec>;
  functions?: Record<string, { inputs?: ObjectSpec; outputs?: ObjectSpec }>;
  types?: Record<string, TypeSpec>;
}

/** A type written as one string, so that any change of kind, element or reference shows. */
export function typeOf(p: PropertySpec | undefined): string {
  if (!p) return "none";
  if (p.$ref) return p.$ref;
  if (p.oneOf) return `oneOf(${p.oneOf.map(typeOf).join("|")})`;
  if (p.type === "array") return `array<${typeOf(p.items)}>`;
  if (p.type === "object" && p.additionalProperties) return `map<${typeOf(p.additionalProperties)}>`;
  return p.type ?? "any";
}

/** Outputs: each may be read by a program, so none may go, change type or stop being required. */
function outputs(where: string, before: ObjectSpec | undefined, after: ObjectSpec | undefined, out: string[]): void {
  const now = after?.properties ?? {};
  const nowRequired = new Set(after?.required ?? []);
  for (const [name, prop] of Object.entries(before?.properties ?? {})) {
    if (!(name in now)) out.push(`${where}: output "${name}" was removed`);
    else if (typeOf(prop) !== typeOf(now[name])) out.push(`${where}: output "${name}" changed type from ${typeOf(prop)} to ${typeOf(now[name])}`);
    else if ((before?.required ?? []).includes(name) && !nowRequired.has(name)) out.push(`${where}: output "${name}" is no longer required`);
  }
}

/** The `#/types/...` tokens a property refers to, at any depth of arrays, maps and unions. */
function refsOf(p: PropertySpec | undefined, into: Set<string>): void {
  if (!p) return;
  if (p.$ref?.startsWith("#/types/")) into.add(decodeURIComponent(p.$ref.slice("#/types/".length)));
  refsOf(p.items, into);
  refsOf(p.additionalProperties, into);
  for (const o of p.oneOf ?? []) refsOf(o, into);
}

/** The object types a program can read: referred to by an output of a resource or function, directly or through another type. */
function readTypes(schema: SchemaSpec): Set<string> {
  const found = new Set<string>();
  const roots: (PropertySpec | undefined)[] = [
    ...Object.values(schema.resources ?? {}).flatMap((r) => Object.values(r.properties ?? {})),
    ...Object.values(schema.functions ?? {}).flatMap((f) => Object.values(f.outputs?.properties ?? {})),
  ];
  for (const p of roots) refsOf(p, found);
  const queue = [...found];
  while (queue.length) {
    const next = new Set<string>();
    for (const p of Object.values(schema.types?.[queue.pop()!]?.properties ?? {})) refsOf(p, next);
    for (const t of next) {
      if (found.has(t)) continue;
      found.add(t);
      queue.push(t);
    }
  }
  return found;
}

/** Inputs: each may be set by a program, so none may go or change type, and none may become required. */
function inputs(
  where: string,
  before: { properties?: Record<string, PropertySpec>; required?: string[] } | undefined,
  after: { properties?: Record<string, PropertySpec>; required?: string[] } | undefined,
  out: string[],
): void {
  const was = before?.properties ?? {};
  const now = after?.properties ?? {};
  for (const [name, prop] of Object.entries(was)) {
    if (!(name in now)) out.push(`${where}: input "${name}" was removed`);
    else if (typeOf(prop) !== typeOf(now[name])) out.push(`${where}: input "${name}" changed type from ${typeOf(prop)} to ${typeOf(now[name])}`);
  }
  const wasRequired = new Set(before?.required ?? []);
  for (const name of after?.required ?? []) {
    if (wasRequired.has(name)) continue;
    out.push(name in was ? `${where}: input "${name}" became required` : `${where}: new required input "${name}"`);
  }
}

/** Every breaking change from `before` to `after`, one line each (empty: compatible). */
export function breakingChanges(before: SchemaSpec, after: SchemaSpec): string[] {
  const out: string[] = [];

  inputs("config", { properties: before.config?.variables }, { properties: after.config?.variables }, out);
  if (before.provider) {
    inputs(
      "provider",
      { properties: before.provider.inputProperties, required: before.provider.requiredInputs },
      { properties: after.provider?.inputProperties, required: after.provider?.requiredInputs },
      out,
    );
  }

  for (const [token, was] of Object.entries(before.resources ?? {})) {
    const now = after.resources?.[token];
    if (!now) {
      out.push(`resource "${token}" was removed`);
      continue;
    }
    const where = `resource "${token}"`;
    outputs(where, was, now, out);
    inputs(where, { properties: was.inputProperties, required: was.requiredInputs }, { properties: now.inputProperties, required: now.requiredInputs }, out);
  }

  for (const [token, was] of Object.entries(before.functions ?? {})) {
    const now = after.functions?.[token];
    if (!now) {
      out.push(`function "${token}" was removed`);
      continue;
    }
    inputs(`function "${token}"`, was.inputs, now.inputs, out);
    if (was.outputs && !now.outputs) out.push(`function "${token}" no longer returns an object`);
    else outputs(`function "${token}"`, was.outputs, now.outputs, out);
  }

  const read = readTypes(before);

  for (const [token, was] of Object.entries(before.types ?? {})) {
    const now = after.types?.[token];
    const where = `type "${token}"`;
    if (!now) {
      out.push(`${where} was removed`);
      continue;
    }
    if ((was.type ?? "object") !== (now.type ?? "object")) {
      out.push(`${where} changed kind from ${was.type} to ${now.type}`);
      continue;
    }
    if (was.enum) {
      const values = new Set((now.enum ?? []).map((e) => JSON.stringify(e.value)));
      for (const e of was.enum) if (!values.has(JSON.stringify(e.value))) out.push(`${where}: enum value ${JSON.stringify(e.value)} was removed`);
      continue;
    }
    // An object type may be an input (set by programs) and an output (read by them): both rules hold.
    inputs(where, was, now, out);
    if (read.has(token)) {
      const nowRequired = new Set(now.required ?? []);
      for (const name of was.required ?? []) if (name in (now.properties ?? {}) && !nowRequired.has(name)) out.push(`${where}: output "${name}" is no longer required`);
    }
  }

  const goWas = before.language?.go?.modulePath;
  const goNow = after.language?.go?.modulePath;
  if (goWas && goNow !== goWas) out.push(`the Go module path changed from ${goWas} to ${goNow ?? "none"}`);
  return out;
}

/**
 * Go's rule for a module at major version 2 or more: its path ends in /v<major>, and the import
 * path of its packages starts with it (https://go.dev/ref/mod#major-version-suffixes). A release
 * whose major version moved without it would publish v2 code that `go get` still serves as v1.
 * Returns what is wrong, or undefined.
 */
export function goModuleProblem(schema: SchemaSpec, version: string): string | undefined {
  const go = schema.language?.go;
  if (!go?.modulePath) return undefined;
  const m = major(version);
  const suffix = /\/v(\d+)$/.exec(go.modulePath);
  if (m >= 2 && suffix?.[1] !== String(m)) return `version ${version} is major ${m}, so the Go module path must end in /v${m} (it is ${go.modulePath})`;
  if (m < 2 && suffix) return `version ${version} is major ${m}, so the Go module path must not end in /v${suffix[1]} (it is ${go.modulePath})`;
  if (go.importBasePath && !go.importBasePath.startsWith(`${go.modulePath}/`)) return `the Go import path ${go.importBasePath} is not inside the module ${go.modulePath}`;
  return undefined;
}

/** The major part of a semantic version ("1.2.3" → 1). */
export function major(version: string): number {
  const m = /^v?(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(version);
  if (!m) throw new Error(`"${version}" is not a semantic version (X.Y.Z)`);
  return Number(m[1]);
}

/**
 * The verdict the gate acts on: breaking changes are allowed only when the major version moved, and
 * the Go module path must fit the major version whatever else changed.
 */
export function checkRelease(before: SchemaSpec, previousVersion: string, after: SchemaSpec, version: string): { ok: boolean; breaking: string[]; majorMoved: boolean; goModule?: string } {
  const breaking = breakingChanges(before, after);
  const majorMoved = major(version) > major(previousVersion);
  const goModule = goModuleProblem(after, version);
  return { ok: (breaking.length === 0 || majorMoved) && !goModule, breaking, majorMoved, ...(goModule ? { goModule } : {}) };
}
