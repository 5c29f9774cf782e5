/**
 * The drift report's note of pending operations (`esign drift`): a run cut off mid-way left
 * them, and `esign recover` settles them. Added to a report already formatted, so the drift
 * formats stay as they are: a last line (text), a quoted line (Markdown), `pendingOperations`
 * (JSON, with `drifted: true`: the state may lack an object the service has). Nothing when none.
 */
import type { DriftFormat } from "./drift-format";
import { mdCode, visible } from "./drift-escape";
import { pendingOperations, type ExportedDeployment } from "../pulumi-state/export";
import { urnName } from "../pulumi-state/type-token";

/** The pending operations as short names (`creating portal`), for reports (`esign drift`). */
export function pendingSummary(exported: ExportedDeployment): string[] {
  return pendingOperations(exported).map((op) => `${op.type} ${urnName(op.resource.urn)}`);
}

/** The report's line for a stack with pending operations: what they are and what settles them. */
export function pendingLine(stack: string, pending: string[]): string {
  const n = pending.length;
  return `stack ${stack}: ${n} pending operation${n === 1 ? "" : "s"} from a run that was cut off (${pending.join(", ")}): run \`esign recover\` before \`pulumi up\``;
}

export function withPendingOperations(report: string, stack: string, format: DriftFormat, exported: ExportedDeployment): string {
  const pending = pendingSummary(exported);
  if (!pending.length) return report;
  if (format === "json") return `${JSON.stringify({ ...JSON.parse(report), drifted: true, pendingOperations: pending }, null, 2)}\n`;
  // Resource names as every drift writer writes them (drift-escape.ts): code spans in Markdown, controls made
  // visible in text. A stack name is letters, digits, `-`, `_` and `.` (the engine's rule).
  const safe = format === "markdown" ? (s: string) => mdCode(s) : visible;
  const line = pendingLine(visible(stack), pending.map(safe));
  return format === "markdown" ? `${report}\n> ${line}\n` : `${report}${line}\n`;
}
