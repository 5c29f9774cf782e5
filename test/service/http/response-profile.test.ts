/**
 * The "sparse" response profile (D129, service/http/response-profile.ts): answers leave out or
 * null the fields the real service was seen to (real-service-evidence.md §9 finding 5, S21;
 * §2 and §4 recordings): an API app without white_labeling_options and with options null, a
 * team without invited_emails, signer roles with order null. The default profile answers them.
 * Also the opt-in Retry-After on a 429 (D131): no recording shows the real service sending it.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import { pdf, templateForm } from "../support/files";
import type { RunningService } from "../../../service";

/** An app with options and white labeling, a team with an invitation to an address without an account, a template with ordered roles. */
async function answers(api: Api) {
  const app = await api.post("/api_app", { name: "Sparse", domains: ["sparse.example.com"], options: { can_insert_everywhere: true }, white_labeling_options: { primary_button_color: "#112233" } });
  expectStatus(app, 201);
  await api.post("/team/create", { name: "Ops" });
  const invited = await api.put("/team/add_member", { email_address: "nobody-yet@example.com" });
  const roles = [
    { name: "Client", order: 0 },
    { name: "Witness", order: 1 },
  ];
  const fields = [{ document_index: 0, api_id: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];
  const form = templateForm([pdf(1)], { signer_roles: roles, form_fields_per_document: fields });
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
