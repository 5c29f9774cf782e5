/**
 * What a fax line purchase whose answer was lost did (DECISIONS D90). The number is only known
 * from the answer, so the lines are listed before the purchase (once per run, kept in step with
 * this run's purchases) and again after: a line that was not there before, in the declared
 * country and area code, that no other create of this run holds, is the one bought. `recover`
 * (a cut-off run) calls `findBoughtLines` without a list from before.
 */
import type { ResultOf } from "../../../contract";
import type { ProviderContext } from "../../deployment/context";
import { cacheKeys } from "../shared/cache-keys";
import { createOnce } from "../shared/lost-answer";
import type { FaxLineInputs } from "./schema";

export type FaxLineWire = ResultOf<"fax_line.get">;

export const FAX_LINE_KIND = "fax-line";

/** Country calling codes of the countries lines are sold in. */
const CALLING_CODE: Record<string, string> = { US: "1", CA: "1", UK: "44" };

/** The number's prefix a line bought with these inputs has: `+1415`. */
export const numberPrefix = (inputs: Pick<FaxLineInputs, "country" | "areaCode">) => `+${CALLING_CODE[String(inputs.country).toUpperCase()] ?? ""}${inputs.areaCode}`;

/** Every line the caller's team can see (GET /fax_line/list, 100 a page), read once per run. */
export function visibleLines(ctx: ProviderContext): Promise<FaxLineWire[]> {
  return ctx.cache.get(cacheKeys.faxLines, () => ctx.client.collectAll(ctx.client.faxLine.list, { show_team_lines: true }, { pageSize: 100 }));
}

/** A fresh list: the lines with the declared prefix (and assignee) that were not in `before`. */
export async function findBoughtLines(ctx: ProviderContext, inputs: FaxLineInputs, before?: ReadonlySet<string>): Promise<FaxLineWire[]> {
  ctx.cache.invalidate(cacheKeys.faxLines);
  const prefix = numberPrefix(inputs);
  const assigned = (l: FaxLineWire) => !inputs.accountId || (l.accounts ?? []).some((a) => a.account_id === inputs.accountId);
  return (await visibleLines(ctx)).filter((l) => !before?.has(l.number) && l.number.startsWith(prefix) && assigned(l));
}

/** POST /fax_line/create, never buying a second line for one lost answer. */
export async function buyLineOnce(ctx: ProviderContext, inputs: FaxLineInputs, send: () => Promise<FaxLineWire>): Promise<FaxLineWire> {
  const line = await createOnce(ctx, {
    kind: FAX_LINE_KIND,
    what: `fax line in ${inputs.country} ${inputs.areaCode}`,
    idOf: (l: FaxLineWire) => l.number,
    before: async () => new Set((await visibleLines(ctx)).map((l) => l.number)),
    send,
    findCreated: (before) => findBoughtLines(ctx, inputs, before),
    ifUnknown: "a line may have been bought: run `esign recover` (or see the web UI) before the next up, which otherwise buys another",
  });
  ctx.cache.patch(cacheKeys.faxLines, (lines) => [...lines.filter((l) => l.number !== line.number), line]);
  return line;
}
