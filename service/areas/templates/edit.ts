/**
 * @module service/areas/templates/edit
 * template.update_files (a NEW template overlaid with new files; the old one stays; the
 * page count must not shrink and orientation must not change, else template_error),
 * template.update (texts, CC roles, field renames) and embedded.edit_url (embedded
 * templates only). A template made in the web UI cannot be edited through the API (the
 * templates walkthrough, S12): these three answer 403 for it (the answer is our choice).
 */
import { badRequest, conflict, forbidden } from "../../http/errors";
import { annotate, type AnswerOf, type RequestContext } from "../../kernel";
import { createTemplate, editUrl, lockWarnings } from "./create";
import { overlayProblem } from "./documents";
import { accessibleTemplate, readableTemplate, templates, templateView, type TemplateRecord } from "./model";
import type { Warning } from "../../../contract";

/** The API may not edit what the web UI made. */
function editableThroughApi(t: TemplateRecord): TemplateRecord {
  if (t.origin === "web") throw forbidden("Templates created on the website cannot be edited through the API", "template_id");
  return t;
}

export async function updateFiles(ctx: RequestContext<"template.update_files">): Promise<AnswerOf<"template.update_files">> {
  const original = editableThroughApi(accessibleTemplate(ctx.store, ctx.account, ctx.params.template_id));
  if (original.status === "processing") throw conflict("The template is still being processed");
  const { body } = ctx;
  const t = await createTemplate(ctx, { client_id: body.client_id, subject: body.subject, message: body.message, test_mode: body.test_mode }, { embedded: false, base: original });
  const mismatch = t.outcome.status === "ready" ? overlayProblem(original.documents, t.documents) : undefined;
  if (mismatch) {
    t.outcome = { status: "error", message: mismatch };
    templates(ctx.store).put(t.template_id, t);
  }
  return annotate({ template_id: t.template_id }, { warnings: lockWarnings(t, "replaced") });
}

export function updateTemplate(ctx: RequestContext<"template.update">): AnswerOf<"template.update"> {
  const t = editableThroughApi(accessibleTemplate(ctx.store, ctx.account, ctx.params.template_id));
  if (t.owner_account_id !== ctx.account.account_id) throw badRequest("Only the creator of the template may edit it");
  const { body } = ctx;
  const warnings: Warning[] = [];
  if (body.title !== undefined) t.title = body.title;
  if (body.subject !== undefined) t.subject = body.subject;
  if (body.message !== undefined) t.message = body.message;
  if (body.cc_roles !== undefined) t.cc_roles = body.cc_roles.filter((r) => r !== "");
  if (body.signer_experience !== undefined) t.signer_experience = body.signer_experience;
  for (const f of body.form_fields ?? []) {
    const field = t.form_fields.find((x) => x.api_id === f.api_id);
    if (!field) warnings.push({ warning_name: "parameter_ignored", warning_msg: `No form field with api_id ${f.api_id}` });
    else if (f.name !== undefined) field.name = f.name;
  }
  t.updated_at = ctx.clock.now();
  templates(ctx.store).put(t.template_id, t);
  return annotate(templateView(t, ctx.account, ctx.accounts), { warnings });
}

export function embeddedEditUrl(ctx: RequestContext<"embedded.edit_url">): AnswerOf<"embedded.edit_url"> {
  const t = editableThroughApi(readableTemplate(ctx.store, ctx.account, ctx.params.template_id, ctx.clock.nowMs()));
  if (!t.is_embedded) throw badRequest("Only templates created through the embedded flow can be edited with an edit URL", "template_id");
  const { body } = ctx;
  if (t.is_locked && !body.test_mode) throw badRequest("This template is locked: it can be edited in test_mode only", "test_mode");
  // A single empty role removes all CC roles; an empty merge_fields array removes all merge fields.
  if (body.cc_roles !== undefined) t.cc_roles = body.cc_roles.filter((r) => r !== "");
  if (body.merge_fields !== undefined) t.merge_fields = body.merge_fields;
  if (body.cc_roles !== undefined || body.merge_fields !== undefined) {
    t.updated_at = ctx.clock.now();
    templates(ctx.store).put(t.template_id, t);
  }
  return editUrl(ctx);
}
