/**
 * scripts/fuzz-service-run.ts cuts the official description to the operations the service routes
 * before Schemathesis sees it: what it keeps is what `scripts/fuzz-service` fuzzes.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { inScope } from "../../../scripts/fuzz-service-run";
import { allRoutes } from "../../../service/areas";
import { specDir, specOrSkip } from "../../support/openapi";

describe("service: the operations scripts/fuzz-service gives Schemathesis", () => {
  let full: ReturnType<typeof parse>;
  let spec: unknown;
  let operations: string[];
  before(function () {
    specOrSkip(this); // the description is read from ../shared/reference: absent, the suite says so and skips
    full = parse(fs.readFileSync(path.join(specDir, "openapi.yaml"), "utf8"));
    ({ spec, operations } = inScope(full));
  });

  it("keeps the served operations of the description, with their path items' parameters and the components", () => {
    for (const op of ["GET /account", "PUT /account", "GET /template/files/{template_id}", "POST /fax/send", "DELETE /fax/{fax_id}", "PUT /team"]) {
      assert.ok(operations.includes(op), op);
    }
    assert.deepEqual((spec as typeof full).components, full.components);
    // Every kept operation is routed by the service (same method, same path shape).
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, "{}");
    const served = new Set(allRoutes().map((r) => `${r.method} ${shape(r.path)}`));
    for (const op of operations) assert.ok(served.has(shape(op)), op);
  });

  it("leaves out what the service does not serve", () => {
    for (const op of ["POST /account/create", "POST /signature_request/cancel/{signature_request_id}", "GET /oauth/token"]) {
      assert.ok(!operations.includes(op), op);
    }
    assert.equal((spec as typeof full).paths["/account/create"], undefined);
  });
});
