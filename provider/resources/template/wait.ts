/**
 * Template creation and file overlays finish asynchronously. The service's observable signal
 * is the files endpoint: 409 while processing, 200 once ready, 422 when processing failed
 * (the template_error event); its message is the reason. Polling is bounded and logged. A 404
 * within the read-after-create lag's bound is the lag (core/read-lag.ts, D120), not a failure.
 */
import { isEsignApiError } from "../../client/errors";
import { afterLag } from "../../core/read-lag";
import type { ProviderContext } from "../../deployment/context";

/** Waits until the template `templateId`, made at `madeAtMs`, is readable and processed. */
export async function waitForTemplate(ctx: ProviderContext, templateId: string, madeAtMs: number): Promise<void> {
  const deadline = Date.now() + ctx.settings.templateTimeoutSeconds * 1000;
  let delay = 250;
  let lastLog = Date.now();
  for (;;) {
    try {
      await afterLag(ctx, `template ${templateId}`, madeAtMs, () => ctx.client.template.filesAsFileUrl(templateId));
      return;
    } catch (error) {
      if (!isEsignApiError(error)) throw error;
      if (error.status === 422) throw new Error(`template ${templateId} failed: ${error.errorMsg} (template_error)`);
      if (error.status !== 409) throw error;
    }
    if (Date.now() > deadline) {
      throw new Error(`template ${templateId} still processing after ${ctx.settings.templateTimeoutSeconds}s (esign:templateTimeoutSeconds)`);
    }
    if (Date.now() - lastLog > 5000) {
      ctx.log(`template ${templateId} is still processing`);
      lastLog = Date.now();
    }
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 3000);
  }
}
