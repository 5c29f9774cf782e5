/**
 * `esign drift` says a failure in one line: of a key refusal given in full once and pointed to
 * by the other resources' short lines (D62), only the full one.
 */
import * as assert from "assert";
import { reason } from "../../../provider/cli/drift";
import { KeyRefusal, onceInFull } from "../../../provider/deployment/errors";

describe("esign drift: one line for a key refusal said once", () => {
  it("keeps the full line and drops the pointers to it", () => {
    const said = new Set<string>();
    const refusal = new KeyRefusal("Team read: the API key was refused (401 unauthorized) by http://h/v3: check esign:apiKey / ESIGN_API_KEY", "the API key was refused (401) by http://h/v3", {});
    const full = onceInFull(said, "Team read", refusal);
    const short = onceInFull(said, "ApiApp read", refusal);
    assert.notStrictEqual(full, short);
    const stderr = ["Previewing update (test):", `    error: ${short}`, `    error: ${full}`, `    error: ${short}`, "    error: preview failed"].join("\n");
    assert.strictEqual(reason({ commandResult: { stderr, stdout: "" } }), full);
  });
});
