/**
 * FaxLine: a purchased fax line.
 *
 * Replaces: areaCode, country, city, accountId (a line cannot be moved; a new one is bought).
 * Updates in place: nothing.
 * Calls: create GET /fax_line/list (once per run: what was there before) then POST /fax_line/create
 * (a lost answer: the list again, D90); read GET /fax_line?number=...; delete DELETE /fax_line
 * with {number} (404 = already gone).
 * Adoption: give `number` and create takes over that line instead of buying one.
 * Who may use the line is not an output: FaxLineUser resources hold that.
 */
import type { BodyOf, ResultOf } from "../../../contract";
import { faxLineCreateBody } from "../../../contract";
import { announceAdoption } from "../shared/adoption";
import { givenEquals } from "../../core/compare";
import { DiffRules } from "../../core/diff";
import { toWire } from "../../core/naming";
import type { Given, ResourceImpl } from "../../core/resource";
import { buyLineOnce } from "./made";
import type { FaxLineInputs, FaxLineState } from "./schema";

type FaxLineWire = ResultOf<"fax_line.get">;

const rules: DiffRules = {
  areaCode: { change: "replace", equal: givenEquals((o, n) => Number(o) === Number(n)) },
  country: { change: "replace", equal: givenEquals((o, n) => String(o).toUpperCase() === String(n).toUpperCase()) },
  city: { change: "replace", equal: givenEquals() },
  accountId: { change: "replace", equal: givenEquals() },
  number: { change: "replace", equal: givenEquals() },
};

/** Earlier versions copied the people here; state from them drops the stale copy on refresh. */
const STALE = { accounts: undefined };

function outputsOf(line: FaxLineWire, inputs: FaxLineInputs): FaxLineState {
  return {
    ...inputs,
    ...STALE,
    number: line.number,
    createdAt: line.created_at,
    updatedAt: line.updated_at,
  };
}

const createBody = (inputs: Given<FaxLineInputs>) => toWire<BodyOf<"fax_line.create">>({ areaCode: inputs.areaCode, country: inputs.country, city: inputs.city, accountId: inputs.accountId });

export const faxLineImpl: ResourceImpl<FaxLineInputs, FaxLineState> = {
  rules,
  // A number adopts that line: one the stack's state holds under another name is a rename (D125).
  identity: {
    ofNew: (inputs) => (typeof inputs.number === "string" ? { property: "number", value: inputs.number, what: `fax line ${inputs.number}` } : undefined),
    ofHeld: (state) => (typeof state.number === "string" ? state.number : undefined),
  },
  // An adopted line (by number) is not bought, so the purchase rules do not apply.
  request: { schema: faxLineCreateBody, body: (given) => (given.number ? undefined : createBody(given)) },

  async create(ctx, inputs) {
    const line = inputs.number ? await ctx.client.faxLine.get({ number: inputs.number }) : await buyLineOnce(ctx, inputs, () => ctx.client.faxLine.create(createBody(inputs)));
    if (inputs.number) await announceAdoption(ctx, { type: "FaxLine", object: `fax line ${line.number}`, how: "number was given" });
    return { id: line.number, outs: outputsOf(line, inputs) };
  },

  async read(ctx, id, props) {
    return outputsOf(await ctx.client.faxLine.get({ number: id }), props);
  },

  async update(ctx, id, _olds, news) {
    return outputsOf(await ctx.client.faxLine.get({ number: id }), news);
  },

  async delete(ctx, id) {
    await ctx.client.faxLine.delete({ number: id });
  },
};
