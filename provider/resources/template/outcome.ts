/**
 * What a template write whose answer was lost did (DECISIONS D90). POST /template/create and
 * POST /template/update_files/{id} both make a new template whose id only the answer names, so
 * the templates are listed before the first send (once per run, kept in step with this run's
 * creates) and again after a loss: a template that was not there before, with the declared
 * title and signer roles, that no other create of this run holds, is the one made. `recover`
 * (a cut-off run) calls `findCreatedTemplates` without a list from before.
 */
import type { ResultOf } from "../../../contract";
import type { ProviderContext } from "../../deployment/context";
import { cacheKeys } from "../shared/cache-keys";
import { createOnce } from "../shared/lost-answer";
import type { TemplateInputs } from "./schema";

type TemplateWire = ResultOf<"template.get">;

export const TEMPLATE_KIND = "template";

/** Every template the caller can see (GET /template/list, 100 a page), read once per run. */
export function visibleTemplates(ctx: ProviderContext): Promise<TemplateWire[]> {
  return ctx.cache.get(cacheKeys.templates, () => ctx.client.collectAll(ctx.client.template.list, {}, { pageSize: 100 }));
}

const roleNames = (roles: readonly { name?: string | null }[] | null | undefined) => JSON.stringify((roles ?? []).map((r) => r.name));

/** Whether the service's template is what these inputs make (title and signer roles; files are not listed). */
export function looksMadeFrom(inputs: TemplateInputs): (t: TemplateWire) => boolean {
  return (t) => (inputs.title === undefined || (t.title ?? "") === inputs.title) && roleNames(t.signer_roles) === roleNames(inputs.signerRoles);
}

/** A fresh list: the templates these inputs could have made that were not in `before`. */
export async function findCreatedTemplates(ctx: ProviderContext, inputs: TemplateInputs, before?: ReadonlySet<string>): Promise<TemplateWire[]> {
  ctx.cache.invalidate(cacheKeys.templates);
  return (await visibleTemplates(ctx)).filter((t) => !before?.has(t.template_id) && looksMadeFrom(inputs)(t));
}

/**
 * A write that makes a template (create, or update_files on the one it replaces), sent so that a
 * lost answer never leaves a second template: answers the new template's id.
 */
export async function makeTemplateOnce(ctx: ProviderContext, inputs: TemplateInputs, send: () => Promise<{ template_id: string }>): Promise<string> {
  const made = await createOnce(ctx, {
    kind: TEMPLATE_KIND,
    what: `template "${inputs.title ?? "(untitled)"}"`,
    idOf: (t: { template_id: string }) => t.template_id,
    before: async () => new Set((await visibleTemplates(ctx)).map((t) => t.template_id)),
    send,
    findCreated: (before) => findCreatedTemplates(ctx, inputs, before),
    ifUnknown: "the template may exist: run `esign recover` (or see the web UI) before the next up, which otherwise makes another",
  });
  // Later creates of this run count it as there before them (read, not patched: the answer is not a list entry).
  ctx.cache.patch(cacheKeys.templates, (all) => (all.some((t) => t.template_id === made.template_id) ? all : [...all, made as TemplateWire]));
  return made.template_id;
}
