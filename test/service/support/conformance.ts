/**
 * The conformance check of the service's answers, on two levels:
 * - the contract: a status the contract lists as success and a body its response envelope
 *   (what the client parses) accepts; asserted at once;
 * - the official OpenAPI description: the body validates against the spec's response schema
 *   (what the official SDK is generated from); collected, so one run names every difference.
 * `seen` records which operations were checked, so a suite can prove coverage.
 */
import assert from "node:assert/strict";
import { operations, responseEnvelope, validate, type OperationId } from "../../../contract";
import { describeErrors, officialSpec } from "../../support/openapi";
import type { Res } from "./api";

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
    if (check && !check(r.body)) specFailures.push(`${op}: ${describeErrors(check)}`);
  }

  return { conform, seen, specChecked, notInSpec, specFailures };
}
