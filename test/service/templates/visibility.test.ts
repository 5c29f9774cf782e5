/**
 * The consistency delay (S14, hellosign-embedded issue #130: a just-created template was "not
 * found" for 5-10 s; S18: the vendor's own live test waits for every new template). Off by
 * default; `templateVisibilityDelayMs` (--template-visibility-delay-ms) or PUT
 * /_local/settings/template_visibility_delay switches it on: for that long after it is made,
 * GET /template/{id}, its file URLs and its edit URL answer 404 and lists leave the template out.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, sleep, startForTest } from "../support/api";
import { pdf, templateForm } from "../support/files";
import { parseArgs } from "../../../service/cli-args";
import type { RunningService } from "../../../service";

const create = async (api: Api): Promise<string> => {
  const r = await api.req("POST", "/template/create", {
    form: templateForm([pdf(1)], {
      signer_roles: [{ name: "Client" }],
      form_fields_per_document: [{ document_index: 0, api_id: "s", type: "signature", x: 1, y: 1, width: 100, height: 30, required: true, signer: 0, page: 1 }],
    }),
  });
  expectStatus(r);
  return r.body.template.template_id;
};
const listed = async (api: Api, id: string) => (await api.get("/template/list")).body.templates.some((t: { template_id: string }) => t.template_id === id);

describe("service: a new template's consistency delay", function () {
  this.timeout(20_000);

  describe("off by default", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest()));
    after(() => svc.close());

    it("a new template is visible at once; the switch reads 0", async () => {
      const id = await create(api);
      expectStatus(await api.get(`/template/${id}`));
      assert.ok(await listed(api, id));
      assert.deepEqual((await api.ctl("GET", "/settings/template_visibility_delay")).body, { delay_ms: 0 });
    });

    it("the control plane switches it on and off for templates made from then on", async () => {
      expectStatus(await api.ctl("PUT", "/settings/template_visibility_delay", { delay_ms: 400 }));
      const hidden = await create(api);
      const g = await api.get(`/template/${hidden}`);
      expectEnvelope(g, 404, "not_found");
      assert.equal(g.body.error.error_msg, `Template not found: ${hidden}`);
      assert.equal(await listed(api, hidden), false);
      expectStatus(await api.ctl("PUT", "/settings/template_visibility_delay", { delay_ms: 0 }));
      expectStatus(await api.get(`/template/${await create(api)}`));
      await sleep(450);
      expectStatus(await api.get(`/template/${hidden}`));
      assert.ok(await listed(api, hidden));
      const bad = await api.ctl("PUT", "/settings/template_visibility_delay", { delay_ms: -1 });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.error_path, "delay_ms");
    });
  });

  describe("as a service option", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ templateVisibilityDelayMs: 300 })));
    after(() => svc.close());

    it("GET, the file URLs and the edit URL are 404 and lists omit the template until the delay has passed", async () => {
      const id = await create(api);
      const hiddenFrom = async () => {
        const answers = [
          await api.get(`/template/${id}`),
          await api.get(`/template/files_as_file_url/${id}`),
          await api.get(`/template/files_as_data_uri/${id}`),
          await api.get(`/template/files/${id}`),
          await api.post(`/embedded/edit_url/${id}`, { test_mode: true }),
        ];
        for (const r of answers) expectEnvelope(r, 404, "not_found");
        assert.equal(answers[1].body.error.error_msg, `Template not found: ${id}`);
      };
      await hiddenFrom();
      assert.equal(await listed(api, id), false);
      await sleep(350);
      expectStatus(await api.get(`/template/${id}`));
      expectStatus(await api.get(`/template/files_as_file_url/${id}`));
      assert.ok(await listed(api, id));
    });

    it("the CLI flag sets it", () => {
      assert.equal(parseArgs(["--template-visibility-delay-ms", "5000"]).templateVisibilityDelayMs, 5000);
    });
  });
});
