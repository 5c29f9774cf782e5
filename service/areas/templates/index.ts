/**
 * @module service/areas/templates
 * Template routes: create, create_embedded_draft, get, list, delete, files (409 while
 * processing, 422 after an error), plus access (access.ts) and edits (edit.ts).
 */
import { z } from "zod";
import { badRequest, conflict, forbidden, notFound, ApiError } from "../../http/errors";
import { listInfo, pageParams } from "../../http/pagination";
import { offContractRoute, rawRoute, route } from "../../http/route";
import { annotate, type Area, type Reply, type RequestContext, type Route } from "../../kernel";
import { templateControlRoutes } from "./control";
import { documentsReply, fileTypeOf } from "../../files/download";
import { makePdf } from "../../pdf";
import { addUser, removeUser } from "./access";
import { checkClientId, createTemplate, editUrl, lockWarnings } from "./create";
import { embeddedEditUrl, updateFiles, updateTemplate } from "./edit";
import { isVisible } from "../../control/visibility-delay";
import { readableTemplate, templates, templateView, type TemplateRecord } from "./model";
import { resumeProcessing } from "./processing";

const view = (ctx: RequestContext, t: TemplateRecord) => templateView(t, ctx.account, ctx.accounts);

/** Accounts whose templates `account_id` selects in template.list: the caller, a teammate, or "all". */
function listedAccounts(ctx: RequestContext, account_id: string | undefined): string[] {
  if (!account_id || account_id === ctx.account.account_id) return [ctx.account.account_id];
  const team = ctx.account.team_id ? ctx.accounts.all().filter((a) => a.team_id === ctx.account.team_id) : [ctx.account];
  if (account_id === "all") return team.map((a) => a.account_id);
  if (!team.some((a) => a.account_id === account_id)) throw notFound(`Account ${account_id} is not on your team`, "account_id");
  return [account_id];
}

/** File endpoints: 404 while the read-after-create lag hides it, 409 while processing, 422 when processing failed. */
function readyTemplate(ctx: RequestContext): TemplateRecord {
  const t = readableTemplate(ctx.store, ctx.account, ctx.params.template_id, ctx.clock.nowMs());
  if (t.status === "processing") throw conflict("The template files are still being processed");
  if (t.status === "error") throw new ApiError(422, "unprocessable_entity", t.error_msg ?? "The template files could not be processed");
  return t;
}

/** A PDF with the template's page sizes (the emulator keeps page facts, not the uploaded bytes). */
function templatePdf(t: TemplateRecord): Buffer {
  return makePdf({ pages: t.documents.flatMap(documentPages) });
}

function documentPages(d: TemplateRecord["documents"][number]) {
  return d.pages.map((p) => ({ width: p.width, height: p.height, texts: [{ x: 72, y: p.height - 72, text: d.name }] }));
}

/** GET /template/files/{id}: the merged PDF, or (file_type=zip) one PDF per document. */
function templateFiles(ctx: RequestContext): Reply {
  fileTypeOf(ctx);
  const t = readyTemplate(ctx);
  const docs = t.documents.map((d) => ({ name: d.name, pdf: () => makePdf({ pages: documentPages(d) }) }));
  return documentsReply(ctx, t.template_id, docs, () => templatePdf(t));
}

/** The description's FileResponseDataUri (the contract's table does not hold this operation). */
const dataUriSchema = z.looseObject({ data_uri: z.string() });

const fileRoutes: Route[] = [
  rawRoute({ method: "GET", path: "/template/files/{template_id}" }, templateFiles),
  offContractRoute({ method: "GET", path: "/template/files_as_data_uri/{template_id}", response: { kind: "body", schema: dataUriSchema } }, (ctx) => ({
    data_uri: `data:application/pdf;base64,${templatePdf(readyTemplate(ctx)).toString("base64")}`,
  })),
  route("template.files_as_file_url", (ctx) => {
    const t = readyTemplate(ctx);
    return { file_url: `https://s3.amazonaws.com/hellosign-local/${t.template_id}.pdf`, expires_at: ctx.clock.now() + 3600 };
  }),
];

export const area: Area = {
  name: "template",
  onStart: resumeProcessing,
  routes: [
    route("template.create", async (ctx) => {
      const t = await createTemplate(ctx, ctx.body, { embedded: false });
      return annotate(view(ctx, t), { warnings: lockWarnings(t, "created") });
    }),

    route("template.create_embedded_draft", async (ctx) => {
      // Recorded: an unapproved app's client_id is refused (S1 testCreateEmbeddedTemplateDraftInvalid.json).
      // Approval is needed for production only (developers.hellosign.com app approval), so test_mode passes.
      const app = checkClientId(ctx, ctx.body.client_id);
      if (app && !app.is_approved && !ctx.body.test_mode) throw badRequest("App not approved yet", "client_id");
      const t = await createTemplate(ctx, ctx.body, { embedded: true });
      return annotate({ template_id: t.template_id, ...editUrl(ctx) }, { warnings: lockWarnings(t, "created") });
    }),

    route("template.get", (ctx) => {
      const t = readableTemplate(ctx.store, ctx.account, ctx.params.template_id, ctx.clock.nowMs());
      return view(ctx, t);
    }),

    route("template.list", (ctx) => {
      const q = ctx.query;
      const who = listedAccounts(ctx, q.account_id);
      const text = q.query?.toLowerCase();
      const now = ctx.clock.nowMs();
      const { page, page_size } = pageParams(ctx.query);
      // Newest updated_at first, as recorded (S2 list_templates.yaml); ties newest made first, so pages are stable.
      const found = templates(ctx.store).windowNewestFirst((t) => t.accounts.some((a) => who.includes(a)) && (!text || t.title.toLowerCase().includes(text)) && isVisible(t, now), {
        offset: (page - 1) * page_size,
        limit: page_size,
        compare: (a, b) => b.updated_at - a.updated_at,
      });
      return { items: found.items.map((t) => view(ctx, t)), list_info: listInfo(found.total, ctx.query) };
    }),

    route("template.delete", (ctx) => {
      const t = templates(ctx.store).get(ctx.params.template_id);
      // The recorded text of a delete has no id (S2 delete_template.yaml).
      if (!t || !t.accounts.includes(ctx.account.account_id)) throw notFound("Template not found", "template_id");
      if (t.owner_account_id !== ctx.account.account_id) throw forbidden("Only the creator of the template may delete it");
      templates(ctx.store).delete(t.template_id);
    }),

    route("template.add_user", addUser),
    route("template.remove_user", removeUser),
    route("template.update_files", updateFiles),
    route("template.update", updateTemplate),
    route("embedded.edit_url", embeddedEditUrl),
    ...fileRoutes,
  ],
  controlRoutes: templateControlRoutes,
};
