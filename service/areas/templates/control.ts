/**
 * @module service/areas/templates/control
 * Out-of-band template changes under /_local/ (web UI stand-ins for drift tests): make a
 * template in the web UI (which the API then may not edit), edit, delete, grant and withdraw
 * an account's access; and the switch of the read-after-create lag (templateVisibilityDelayMs, D120).
 */
import { z } from "zod";
import { accountListRoutes } from "../../control/account-list";
import { required } from "../../control/fields";
import { visibilityDelayRoutes } from "../../control/visibility-delay";
import { notFound } from "../../http/errors";
import { newId } from "../../http/ids";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../../kernel";
import { withServiceMetadata } from "./create";
import { templates, type TemplateRecord } from "./model";

/** A template as a person makes it on the website: one one-page document, ready at once. */
const webTemplateBody = z.object({
  account_id: required,
  title: required,
  message: z.string().nullish(),
  signer_roles: z.array(z.object({ name: required, order: z.number().int().nullish() })).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** Fields of the stored template a UI edit may change, with the shape each must keep; others are ignored. */
const templateEdit = z
  .object({
    title: z.string(),
    subject: z.string().nullable(),
    message: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    is_locked: z.boolean(),
  })
  .partial();

export function templateControlRoutes(svc: ServiceContext): ControlRoute[] {
  const { store } = svc;
  return [
    controlRoute({
      method: "POST",
      path: "/templates",
      summary: "Make a template in the web UI {account_id, title, message?, signer_roles?, metadata?}: the API cannot edit it (403)",
      body: webTemplateBody,
      handler: ({ body }) => {
        if (!svc.accounts.byId(body.account_id)) throw notFound("Account not found", "account_id");
        const now = svc.clock.now();
        const t: TemplateRecord = {
          template_id: newId(),
          owner_account_id: body.account_id,
          accounts: [body.account_id],
          client_id: null,
          is_embedded: false,
          status: "ready",
          outcome: { status: "ready" },
          error_msg: null,
          parent_template_id: null,
          title: body.title,
          subject: null,
          message: body.message ?? null,
          metadata: withServiceMetadata(body.metadata ?? {}, undefined),
          signer_roles: (body.signer_roles ?? [{ name: "Signer" }]).map((r) => ({ name: r.name, order: r.order ?? null })),
          cc_roles: [],
          merge_fields: [],
          attachments: [],
          form_fields: [],
          form_field_groups: [],
          documents: [{ index: 0, name: `${body.title}.pdf`, page_count: 1, pages: [{ width: 612, height: 792, orientation: "portrait" }] }],
          is_locked: false,
          test_mode: false,
          signer_experience: null,
          created_at: now,
          updated_at: now,
          origin: "web",
        };
        templates(store).put(t.template_id, t);
        return ok({ template_id: t.template_id }, 201);
      },
    }),
    ...visibilityDelayRoutes(svc, "template", "templateVisibilityDelayMs", "a new template"),
    controlRoute({
      method: "PATCH",
      path: "/templates/{template_id}",
      summary: `Edit a template (${Object.keys(templateEdit.shape).join(", ")})`,
      body: templateEdit,
      handler: ({ params, body }) => {
        const t = templates(store).get(params.template_id);
        if (!t) throw notFound("Template not found");
        Object.assign(t, body);
        t.updated_at = svc.clock.now();
        templates(store).put(t.template_id, t);
        return ok({ template_id: t.template_id });
      },
    }),
    {
      method: "DELETE",
      path: "/templates/{template_id}",
      summary: "Delete a template",
      handler: ({ params }) => {
        if (!templates(store).delete(params.template_id)) throw notFound("Template not found");
        return ok({ deleted: true });
      },
    },
    ...accountListRoutes(svc, "/templates/{template_id}", "template_id", "template", () => templates(store)),
  ];
}
