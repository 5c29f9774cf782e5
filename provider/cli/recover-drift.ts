/**
 * The drift report's note of pending operations (`esign drift`): a run cut off mid-way left
 * them, and `esign recover` settles them. Added to a report already formatted, so the drift
 * formats stay as they are: a last line (text), a quoted line (Markdown), `pendingOperations`
 * (JSON: always present, empty when none).
 */
import type { DriftFormat } from "./drift-format";
import { pendingLine, pendingSummary, type ExportedDeployment } from "../deployment/pending-state";

export function withPendingOperations(report: string, stack: string, format: DriftFormat, exported: ExportedDeployment): string {
  const pending = pendingSummary(exported);
  if (format === "json") return `${JSON.stringify({ ...JSON.parse(report), pendingOperations: pending }, null, 2)}\n`;
  if (!pending.length) return report;
  const line = pendingLine(stack, pending);
  return format === "markdown" ? `${report}\n> ${line}\n` : `${report}${line}\n`;
}
