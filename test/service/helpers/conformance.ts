/**
 * The conformance check both service suites use: an operation answered with a status the
 * contract lists as success, and a body its response envelope (what the client parses)
 * accepts. `seen` records which operations were checked, so a suite can prove coverage.
 */
import assert from "node:assert/strict";
import { operations, responseEnvelope, validate, type OperationId } from "../../../provider/contract";
import type { Res } from "./api";

export function conformance() {
  const seen = new Set<OperationId>();
  function conform(op: OperationId, r: Res): Res {
    const spec = operations[op];
    assert.ok((spec.successStatus as readonly number[]).includes(r.status), `${op}: status ${r.status} not in ${spec.successStatus}: ${r.text.slice(0, 300)}`);
    const schema = responseEnvelope(op);
    if (schema) {
      const v = validate(schema, r.body);
      assert.ok(v.ok, `${op}: ${JSON.stringify(!v.ok && v.issues)}`);
    } else assert.equal(r.text, "", `${op}: expected an empty body`);
    seen.add(op);
    return r;
  }
  return { conform, seen };
}
