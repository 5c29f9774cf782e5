/**
 * What a template write whose answer never came made (DECISIONS D115, D90): POST /template/create
 * and POST /template/update_files/{id} both make a new template whose id only the answer names.
 * The templates are read (GET /template/list): one with the declared title and signer roles
 * (the files are not listed; after a cut-off run the kind's read and diff compare the rest). A
 * `templateId` names the one template an adoption takes over.
 */
import type { ResultOf } from "../../../contract";
import type { Finder } from "../../made/finder";
import { unlessGone } from "../../core/resource";
import type { ProviderContext } from "../../deployment/context";
import { cacheKeys } from "../shared/cache-keys";
import type { TemplateInputs } from "./schema";
import { createOnce } from "../../made/once";

export type TemplateWire = ResultOf<"template.get">;

/** Every template the caller can see (GET /template/list, 100 a page), read once per run. */
export function visibleTemplates(ctx: ProviderContext): Promise<TemplateWire[]> {
  return ctx.cache.get(cacheKeys.templates, () => ctx.client.collectAll(ctx.client.template.list, {}, { pageSize: 100 }));
}

const roleNames = (roles: readonly { name?: string | null }[] | null | undefined) => JSON.stringify((roles ?? []).map((r) => r.name));

/** Whether the service's template is what these inputs make (title and signer roles; files are not listed). */
function looksMadeFrom(inputs: TemplateInputs): (t: TemplateWire) => boolean {
  return (t) => (inputs.title === undefined || (t.title ?? "") === inputs.title) && roleNames(t.signer_roles) === roleNames(inputs.signerRoles);
}

export const templateFinder: Finder<TemplateInputs, TemplateWire> = {
  async list(ctx, inputs) {
    if (inputs.templateId) return unlessGone(async () => [await ctx.client.template.get(inputs.templateId!)], []);
    ctx.cache.invalidate(cacheKeys.templates);
    return (await visibleTemplates(ctx)).filter(looksMadeFrom(inputs));
  },
  idOf: (t) => t.template_id,
  label: (t) => `template "${t.title}" (${t.template_id})`,
  // A file change makes a new template (update_files): its last change is when it was made.
  madeAt: (t) => t.updated_at,
  namedId: (inputs) => inputs.templateId,
  tellsApart: true,
};

/**
 * A template write whose answer was lost (DECISIONS D90): the templates are listed before the
 * first send (once per run, kept in step with this run's creates) and, after a loss, the kind's
 * finder (above, D115) names a template that was not there before and that no other create
 * of this run holds: the one made.
 */
export const TEMPLATE_KIND = "Template";

/**
 * A write that makes a template (create, or update_files on the one it replaces), sent so that a
 * lost answer never leaves a second template: answers the new template's id.
 */
export async function makeTemplateOnce(ctx: ProviderContext, inputs: TemplateInputs, send: () => Promise<{ template_id: string }>): Promise<string> {
  const made = await createOnce<TemplateInputs, Pick<TemplateWire, "template_id">>(ctx, {
    kind: TEMPLATE_KIND,
    what: `template "${inputs.title ?? "(untitled)"}"`,
    finder: templateFinder,
    inputs,
    before: async () => new Set((await visibleTemplates(ctx)).map((t) => t.template_id)),
    send,
    ifUnknown: "the template may exist: run `esign recover` (or see the web UI) before the next up, which otherwise makes another",
  });
  // Later creates of this run count it as there before them (read, not patched: the answer is not a list entry).
  ctx.cache.patch(cacheKeys.templates, (all) => (all.some((t) => t.template_id === made.template_id) ? all : [...all, made as TemplateWire]));
  return made.template_id;
}
