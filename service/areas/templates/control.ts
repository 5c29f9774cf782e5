/**
 * @module service/areas/templates/control
 * Out-of-band template edits under /_local/ (web UI stand-ins for drift tests): edit, delete,
 * grant and withdraw an account's access.
 */
import { z } from "zod";
import { accountListRoutes } from "../../control/account-list";
import { notFound } from "../../http/errors";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../../kernel";
import { templates } from "./model";

/** Fields of the stored template a UI edit may change, with the shape each must keep; others are ignored. */
const templateEdit = z
  .object({
    title: z.string(),
    subject: z.string().nullable(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    is_locked: z.boolean(),
  })
  .partial();

export function templateControlRoutes(svc: ServiceContext): ControlRoute[] {
  const { store } = svc;
  return [
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
