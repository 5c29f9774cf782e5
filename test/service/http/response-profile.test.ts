/**
 * The "sparse" response profile (D129, service/http/response-profile.ts): answers leave out or
 * null the fields the real service was seen to (real-service-evidence.md §9 finding 5, S21;
 * §2 and §4 recordings): an API app without white_labeling_options and with options null, a
 * team without invited_emails, signer roles with order null. The default profile answers them.
 * Also the opt-in Retry-After on a 429 (D131): no recording shows the real service sending it.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

const pdf = path.resolve(__dirname, "..", "..", "..", "examples", "files", "nda.pdf");

/** An app with options and white labeling, a team with an invitation to an address without an account, a template with ordered roles. */
async function answers(api: Api) {
  const app = await api.post("/api_app", { name: "Sparse", domains: ["sparse.example.com"], options: { can_insert_everywhere: true }, white_labeling_options: { primary_button_color: "#112233" } });
  expectStatus(app, 201);
  await api.post("/team/create", { name: "Ops" });
  const invited = await api.put("/team/add_member", { email_address: "nobody-yet@example.com" });
  const form = new FormData();
  form.append("files[0]", new Blob([new Uint8Array(fs.readFileSync(pdf))], { type: "application/pdf" }), "nda.pdf");
  form.append("signer_roles[0][name]", "Client");
  form.append("signer_roles[0][order]", "0");
  form.append("signer_roles[1][name]", "Witness");
  form.append("signer_roles[1][order]", "1");
  form.append("form_fields_per_document[0][document_index]", "0");
  form.append("form_fields_per_document[0][api_id]", "sig");
  form.append("form_fields_per_document[0][name]", "Signature");
  form.append("form_fields_per_document[0][type]", "signature");
  form.append("form_fields_per_document[0][required]", "true");
  form.append("form_fields_per_document[0][signer]", "0");
  form.append("form_fields_per_document[0][page]", "1");
  for (const [k, v] of Object.entries({ x: 100, y: 600, width: 200, height: 40 })) form.append(`form_fields_per_document[0][${k}]`, String(v));
  const made = await api.req("POST", "/template/create", { form });
  expectStatus(made);
  const id = made.body.template.template_id;
  return {
    app: (await api.get(`/api_app/${app.body.api_app.client_id}`)).body.api_app,
    apps: (await api.get("/api_app/list")).body.api_apps,
    invited: invited.body.team,
    team: (await api.get("/team")).body.team,
    template: (await api.get(`/template/${id}`)).body.template,
    templates: (await api.get("/template/list")).body.templates,
  };
}

describe("service: response profiles", () => {
  describe("sparse", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ responseProfile: "sparse", templateProcessingMs: 0 })));
    after(() => svc.close());

    it("leaves out white_labeling_options, answers options null, leaves out invited_emails, answers every order null", async () => {
      const a = await answers(api);
      for (const app of [a.app, a.apps[0]]) {
        assert.ok(!("white_labeling_options" in app), JSON.stringify(app));
        assert.equal(app.options, null);
        assert.equal(app.name, "Sparse");
      }
      for (const team of [a.invited, a.team]) {
        assert.ok(!("invited_emails" in team), JSON.stringify(team));
        assert.equal(team.name, "Ops");
      }
      for (const template of [a.template, a.templates[0]]) {
        assert.deepEqual(template.signer_roles, [
          { name: "Client", order: null },
          { name: "Witness", order: null },
        ]);
      }
    });
  });

  describe("complete (the default)", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ templateProcessingMs: 0 })));
    after(() => svc.close());

    it("answers every field", async () => {
      const a = await answers(api);
      assert.equal(a.app.options.can_insert_everywhere, true);
      assert.equal(a.app.white_labeling_options.primary_button_color.toUpperCase(), "#112233");
      assert.deepEqual(a.team.invited_emails, ["nobody-yet@example.com"]);
      assert.deepEqual(
        a.template.signer_roles.map((r: { order: number }) => r.order),
        [0, 1],
      );
    });
  });
});

describe("service: Retry-After on a 429", () => {
  for (const on of [true, false]) {
    it(on ? "with rateLimitRetryAfter: whole seconds until a request may pass" : "without it (the default): none, as recorded", async () => {
      const { svc, api } = await startForTest({ rateLimit: 2, rateLimitRetryAfter: on });
      try {
        const answers = [await api.get("/account"), await api.get("/account"), await api.get("/account")];
        const limited = answers[2];
        expectEnvelope(limited, 429, "exceeded_rate");
        if (on) {
          const seconds = Number(limited.headers.get("retry-after"));
          assert.ok(Number.isInteger(seconds) && seconds >= 1 && seconds <= 30, `Retry-After ${limited.headers.get("retry-after")}`);
        } else assert.equal(limited.headers.get("retry-after"), null);
        assert.equal(answers[0].headers.get("retry-after"), null);
      } finally {
        await svc.close();
      }
    });
  }
});
