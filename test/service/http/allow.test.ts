/**
 * A literal path belongs to its own routes: `/fax/send` and `/api_app/list` are not credited
 * with the methods of their `{id}` neighbours (`/fax/{fax_id}`, `/api_app/{client_id}`), so
 * `Allow` names only the methods that answer, and the others are a 405 naming them.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: Allow names only the methods a path answers", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  for (const [path, allow] of [
    ["/fax/send", "POST"],
    ["/api_app/list", "GET"],
    ["/template/create", "POST"],
  ] as const) {
    it(`${path}: OPTIONS and the other methods are a 405 with Allow: ${allow}`, async () => {
      for (const method of ["OPTIONS", "GET", "PUT", "POST", "DELETE"].filter((m) => m !== allow)) {
        const r = await api.req(method, path);
        expectEnvelope(r, 405, "method_not_supported");
        assert.equal(r.headers.get("allow"), allow, `${method} ${path}`);
      }
    });
  }

  it("the {id} routes still answer their own paths", async () => {
    const app = await api.newApp();
    expectStatus(await api.get(`/api_app/${app}`), 200);
    const r = await api.req("OPTIONS", `/api_app/${app}`);
    expectEnvelope(r, 405, "method_not_supported");
    assert.deepEqual(r.headers.get("allow")!.split(", ").sort(), ["DELETE", "GET", "PUT"]);
    expectEnvelope(await api.get("/fax/0123456789abcdef"), 404, "not_found");
  });
});
