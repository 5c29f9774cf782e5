/**
 * Whether a package schema (schema.json) still serves the programs written against an earlier
 * release's: what a user's code or state names must still exist with the same type, and no
 * input may become mandatory. Additions (resources, functions, types, optional inputs, outputs)
 * are compatible. scripts/release refuses a release with breaking changes unless its major
 * version moved (DECISIONS.md D57).
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

/** Outputs: each may be read by a program, so none may go or change type. */
function outputs(where: string, before: ObjectSpec | undefined, after: ObjectSpec | undefined, out: string[]): void {
  const now = after?.properties ?? {};
  for (const [name, prop] of Object.entries(before?.properties ?? {})) {
    if (!(name in now)) out.push(`${where}: output "${name}" was removed`);
    else if (typeOf(prop) !== typeOf(now[name])) out.push(`${where}: output "${name}" changed type from ${typeOf(prop)} to ${typeOf(now[name])}`);
  }
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
    outputs(`function "${token}"`, was.outputs, now.outputs, out);
  }

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
  }
  return out;
}

/** The major part of a semantic version ("1.2.3" → 1). */
export function major(version: string): number {
  const m = /^v?(\d+)\.\d+\.\d+(?:[-+].*)?$/.exec(version);
  if (!m) throw new Error(`"${version}" is not a semantic version (X.Y.Z)`);
  return Number(m[1]);
}

/** The verdict scripts/release acts on: breaking changes are allowed only when the major version moved. */
export function checkRelease(before: SchemaSpec, previousVersion: string, after: SchemaSpec, version: string): { ok: boolean; breaking: string[]; majorMoved: boolean } {
  const breaking = breakingChanges(before, after);
  const majorMoved = major(version) > major(previousVersion);
  return { ok: breaking.length === 0 || majorMoved, breaking, majorMoved };
}
