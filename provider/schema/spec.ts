/**
 * The shape of one resource's schema description, as data. What replaces and what updates is
 * not written here: generate.ts takes it from the resource's own `rules` (resources/registry.ts),
 * so the schema, the docs and the provider cannot disagree.
 */

/** A Pulumi schema property, written compactly. */
export interface PropSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  /** A named type of this package (`ApiAppOAuth`) or a Pulumi builtin (`pulumi.json#/Any`). */
  ref?: string;
  items?: PropSpec;
  additionalProperties?: PropSpec;
  /** Required of properties; optional for the items of a list or map. */
  description?: string;
  secret?: boolean;
  /**
   * When the resource's own diff refines its rules for this input (TeamMember: a new address
   * for the same account id is an update): the exception, appended to the change's note.
   */
  changeUnless?: string;
}

export interface ResourceSpec {
  /** The resource's description (Markdown), shown first on its docs page and in the SDKs. */
  description: string;
  /**
   * What each operation calls, as [operation, calls] rows (Markdown): the docs page's API-calls
   * table. The engine tests count the calls of the main paths (the suites under test/engine/).
   */
  calls: [string, string][];
  /** What identifies an object for `pulumi import` (the resource's id format). */
  importId: string;
  /** The name and id of the docs' `pulumi import` example, in the format import-ids.ts takes. */
  importExample: string;
  /** Inputs: every key of the resource's rules (and extraInputs), except those in `computed`. */
  inputs: Record<string, PropSpec>;
  requiredInputs?: string[];
  /** Rules keys the provider fills in during check (hashes of local files): outputs only. */
  computed?: Record<string, PropSpec>;
  /** Outputs besides the inputs (each input is an output too). */
  outputs: Record<string, PropSpec>;
  /** Outputs always present after create. */
  requiredOutputs: string[];
}

export interface ObjectTypeSpec {
  description: string;
  properties: Record<string, PropSpec>;
  required?: string[];
}

export interface FunctionSpec {
  description: string;
  inputs: Record<string, PropSpec>;
  requiredInputs?: string[];
  outputs: Record<string, PropSpec>;
  requiredOutputs: string[];
}
