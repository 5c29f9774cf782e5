/**
 * A template write whose answer was lost (DECISIONS D90): the templates are listed before the
 * first send (once per run, kept in step with this run's creates) and, after a loss, the kind's
 * finder (finder.ts, D115) names a template that was not there before and that no other create
 * of this run holds: the one made.
 */
import type { ProviderContext } from "../../deployment/context";
import { cacheKeys } from "../shared/cache-keys";
import { createOnce } from "../shared/lost-answer";
import { templateFinder, visibleTemplates, type TemplateWire } from "./finder";
import type { TemplateInputs } from "./schema";

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
