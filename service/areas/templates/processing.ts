/**
 * @module service/areas/templates/processing
 * Asynchronous template creation: a template stays "processing" for
 * options.templateProcessingMs, then becomes "ready" (event template_created) or "error"
 * (event template_error). The outcome is decided when the files are inspected; the delay
 * only makes the asynchrony observable (file endpoints answer 409 meanwhile).
 */
import type { ServiceContext } from "../../kernel";
import { templates, templateView, type TemplateRecord } from "./model";

export function scheduleProcessing(svc: ServiceContext, template_id: string, delayMs = svc.options.templateProcessingMs): void {
  svc.schedule(delayMs, (s) => finishProcessing(s, template_id));
}

export function finishProcessing(svc: ServiceContext, template_id: string): void {
  const t = templates(svc.store).get(template_id);
  if (!t || t.status !== "processing") return;
  t.status = t.outcome.status;
  t.error_msg = t.outcome.status === "error" ? t.outcome.message : null;
  t.updated_at = svc.clock.now();
  templates(svc.store).put(t.template_id, t);
  svc.store.commit();
  emitTemplateEvent(svc, t);
}

function emitTemplateEvent(svc: ServiceContext, t: TemplateRecord): void {
  const owner = svc.accounts.byId(t.owner_account_id);
  if (!owner) return;
  svc.events.emit({
    event_type: t.status === "ready" ? "template_created" : "template_error",
    account_id: owner.account_id,
    client_id: t.client_id,
    payload: { template: templateView(t, owner, svc.accounts) },
    event_message: t.error_msg,
  });
}

/** After a restart: finish what was still processing. */
export function resumeProcessing(svc: ServiceContext): void {
  for (const t of templates(svc.store).filter((x) => x.status === "processing")) scheduleProcessing(svc, t.template_id, 0);
}
