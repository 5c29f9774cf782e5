/**
 * What a fax line purchase whose answer never came bought (DECISIONS D115, D90). The number is
 * only known from the answer, so the team's lines are read (GET /fax_line/list with
 * show_team_lines, as the run's "before" list is, D92): a line whose number has the declared
 * country's calling code and area code, and (when declared) the assignee. Nothing else tells two
 * such lines apart, so a create after a cut-off run stops rather than take one (D96).
 */
import type { ResultOf } from "../../../contract";
import type { Finder } from "../../made/finder";
import { unlessGone } from "../../core/resource";
import type { ProviderContext } from "../../deployment/context";
import { cacheKeys } from "../shared/cache-keys";
import type { FaxLineInputs } from "./schema";
import { createOnce } from "../../made/once";

export type FaxLineWire = ResultOf<"fax_line.get">;

/** Every line the caller's team can see (GET /fax_line/list, 100 a page), read once per run. */
export function visibleLines(ctx: ProviderContext): Promise<FaxLineWire[]> {
  return ctx.cache.get(cacheKeys.faxLines, () => ctx.client.collectAll(ctx.client.faxLine.list, { show_team_lines: true }, { pageSize: 100 }));
}

/** Country calling codes of the countries lines are sold in. */
const CALLING_CODE: Record<string, string> = { US: "1", CA: "1", UK: "44" };

const digitsOf = (s: string) => s.replace(/\D/g, "");

/**
 * Whether a line's number is one a purchase with these inputs gets: the country's calling code,
 * then the area code. Compared as digits: the emulator writes `+14155550100`, the service's only
 * documented number has no `+` (real-service-evidence.md §5).
 */
export const lineMadeWith =
  (inputs: Pick<FaxLineInputs, "country" | "areaCode">) =>
  (line: { number: string }): boolean =>
    inputs.areaCode !== undefined && digitsOf(line.number).startsWith(`${CALLING_CODE[String(inputs.country).toUpperCase()] ?? ""}${inputs.areaCode}`);

/** A declared assignee is on the line (the service puts the account the purchase names on it). */
const assignedAsDeclared = (inputs: FaxLineInputs) => (line: FaxLineWire) => !inputs.accountId || (line.accounts ?? []).some((a) => a.account_id === inputs.accountId);

export const faxLineFinder: Finder<FaxLineInputs, FaxLineWire> = {
  async list(ctx, inputs) {
    if (inputs.number) return unlessGone(async () => [await ctx.client.faxLine.get({ number: inputs.number! })], []);
    ctx.cache.invalidate(cacheKeys.faxLines);
    return (await visibleLines(ctx)).filter((l) => lineMadeWith(inputs)(l) && assignedAsDeclared(inputs)(l));
  },
  idOf: (l) => l.number,
  label: (l) => `fax line ${l.number}`,
  madeAt: (l) => l.created_at,
  namedId: (inputs) => inputs.number,
  tellsApart: false,
};

/**
 * A fax line purchase whose answer was lost (DECISIONS D90): the lines are listed before the
 * purchase (once per run, kept in step with this run's purchases) and, after a loss, the kind's
 * finder (above, D115) names a line that was not there before and that no other create of
 * this run holds: the one bought.
 */
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
