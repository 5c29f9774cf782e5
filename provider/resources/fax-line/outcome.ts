/**
 * A fax line purchase whose answer was lost (DECISIONS D90): the lines are listed before the
 * purchase (once per run, kept in step with this run's purchases) and, after a loss, the kind's
 * finder (finder.ts, D115) names a line that was not there before and that no other create of
 * this run holds: the one bought.
 */
import type { ProviderContext } from "../../deployment/context";
import { cacheKeys } from "../shared/cache-keys";
import { createOnce } from "../shared/lost-answer";
import { faxLineFinder, visibleLines, type FaxLineWire } from "./finder";
import type { FaxLineInputs } from "./schema";

export const FAX_LINE_KIND = "FaxLine";

/** POST /fax_line/create, never buying a second line for one lost answer. */
export async function buyLineOnce(ctx: ProviderContext, inputs: FaxLineInputs, send: () => Promise<FaxLineWire>): Promise<FaxLineWire> {
  const line = await createOnce(ctx, {
    kind: FAX_LINE_KIND,
    what: `fax line in ${inputs.country} ${inputs.areaCode}`,
    finder: faxLineFinder,
    inputs,
    before: async () => new Set((await visibleLines(ctx)).map((l) => l.number)),
    send,
    ifUnknown: "a line may have been bought: run `esign recover` (or see the web UI) before the next up, which otherwise buys another",
  });
  ctx.cache.patch(cacheKeys.faxLines, (lines) => [...lines.filter((l) => l.number !== line.number), line]);
  return line;
}
