/**
 * An API app's read-after-create lag (D120; S18: the vendor's live test re-reads a new app, 5
 * tries 2 s apart). Off by default; `apiAppVisibilityDelayMs` (--api-app-visibility-delay-ms) or
 * PUT /_local/settings/api_app_visibility_delay switches it on: for that long after it is made,
 * GET /api_app/{client_id} answers 404 and lists leave the app out; writes see it.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, sleep, startForTest } from "../support/api";
import { parseArgs } from "../../../service/cli-args";
import type { RunningService } from "../../../service";

let made = 0;
const create = async (api: Api): Promise<string> => {
  const r = await api.post("/api_app", { name: `Lagging ${++made}`, domains: ["example.com"] });
  expectStatus(r, 201);
  return r.body.api_app.client_id;
};
const listed = async (api: Api, id: string) => (await api.get("/api_app/list", { query: { page_size: 100 } })).body.api_apps.some((a: { client_id: string }) => a.client_id === id);

describe("service: a new API app's read-after-create lag", function () {
  this.timeout(20_000);
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it("is off by default; the control plane switches it for apps made from then on", async () => {
    expectStatus(await api.get(`/api_app/${await create(api)}`));
    assert.deepEqual((await api.ctl("GET", "/settings/api_app_visibility_delay")).body, { delay_ms: 0 });
    expectStatus(await api.ctl("PUT", "/settings/api_app_visibility_delay", { delay_ms: 400 }));
    const id = await create(api);
    const g = await api.get(`/api_app/${id}`);
    expectEnvelope(g, 404, "not_found");
    assert.equal(g.body.error.error_msg, `App ${id} does not exist`);
    assert.equal(await listed(api, id), false);
    // A write names it and sees it: only reads lag.
    expectStatus(await api.put(`/api_app/${id}`, { callback_url: "https://example.com/cb" }));
    await sleep(450);
    expectStatus(await api.get(`/api_app/${id}`));
    assert.ok(await listed(api, id));
    expectStatus(await api.ctl("PUT", "/settings/api_app_visibility_delay", { delay_ms: 0 }));
    expectStatus(await api.get(`/api_app/${await create(api)}`));
  });

  it("the CLI flag and the option set it", async () => {
    assert.equal(parseArgs(["--api-app-visibility-delay-ms", "2000"]).apiAppVisibilityDelayMs, 2000);
    const other = await startForTest({ apiAppVisibilityDelayMs: 300 });
    try {
      expectEnvelope(await other.api.get(`/api_app/${await create(other.api)}`), 404, "not_found");
    } finally {
      await other.svc.close();
    }
  });
});
