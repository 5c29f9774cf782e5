/**
 * The conformance check of the service's answers, on two levels:
 * - the contract: a status the contract lists as success and a body its response envelope
 *   (what the client parses) accepts; asserted at once;
 * - the official OpenAPI description: the body validates against the spec's response schema
 *   (what the official SDK is generated from); collected, so one run names every difference.
 * `seen` records which operations were checked, so a suite can prove coverage.
 *
 * Where recordings of the real service contradict the description, the recording wins (the
 * emulator answers as recorded: docs/local-service.md), so a `null` the service was recorded
 * sending is not a difference from the description: RECORDED_NULLS lists each, with its source.
 */
import assert from "node:assert/strict";
import { operations, responseEnvelope, validate, type OperationId } from "../../../contract";
import type { ValidateFunction } from "ajv";
import { describeErrors, officialSpec } from "../../support/openapi";
import type { Res } from "./api";

/** Fields the real service was recorded sending as null where the description says a value (real-service-evidence.md §4). */
const RECORDED_NULLS: { path: RegExp; source: string }[] = [
  // S2 get_template_valid.yaml / list_templates.yaml (2021), S1: `message` is null when unset.
  { path: /^\/(template|templates\/\d+)\/message$/, source: "S2 get_template_valid.yaml" },
  // S2 list_templates.yaml: signer roles carry `order: null`.
  { path: /^\/(template|templates\/\d+)\/signer_roles\/\d+\/order$/, source: "S2 list_templates.yaml" },
  // S2 get_template_valid.yaml: an unlimited quota of a template's account is null.
  { path: /^\/(template|templates\/\d+)\/accounts\/\d+\/quotas\/\w+$/, source: "S2 get_template_valid.yaml" },
];

/** The validator's errors less those that are a recorded null (the value at that path is null). */
function unrecorded(check: ValidateFunction, body: unknown): ValidateFunction["errors"] {
  const at = (pointer: string) =>
    pointer
      .split("/")
      .slice(1)
      .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), body);
  return (check.errors ?? []).filter((e) => !(at(e.instancePath) === null && RECORDED_NULLS.some((r) => r.path.test(e.instancePath))));
}

export function conformance() {
  const seen = new Set<OperationId>();
  /** Operations whose answers were validated against the spec. */
  const specChecked = new Set<OperationId>();
  /** Operations the spec does not describe (answers checked against the contract only). */
  const notInSpec = new Set<OperationId>();
  const specFailures: string[] = [];
  const spec = officialSpec();

  function conform(op: OperationId, r: Res): Res {
    const row = operations[op];
    assert.ok((row.successStatus as readonly number[]).includes(r.status), `${op}: status ${r.status} not in ${row.successStatus}: ${r.text.slice(0, 300)}`);
    const schema = responseEnvelope(op);
    if (schema) {
      const v = validate(schema, r.body);
      assert.ok(v.ok, `${op}: ${JSON.stringify(!v.ok && v.issues)}`);
    } else assert.equal(r.text, "", `${op}: expected an empty body`);
    seen.add(op);
    if (spec) checkAgainstSpec(op, r);
    return r;
  }

  function checkAgainstSpec(op: OperationId, r: Res): void {
    const row = operations[op];
    if (!spec!.operation(row.method, row.path)) {
      notInSpec.add(op);
      return;
    }
    specChecked.add(op);
    const check = spec!.responseValidator(row.method, row.path, r.status);
    if (check && !check(r.body)) {
      check.errors = unrecorded(check, r.body);
      if (check.errors?.length) specFailures.push(`${op}: ${describeErrors(check)}`);
    }
  }

  return { conform, seen, specChecked, notInSpec, specFailures };
}
