/**
 * Table-driven checks of a resource's own rules (provider/resources/*.ts `rules`, through the
 * registry): every rules-table entry needs a case saying what a change of it does, so a rule
 * added without a test fails here. Diffs run as the engine asks for them (check, then diff
 * against the state's outputs) and make no request.
 */
import * as assert from "assert";
import { registry } from "../../../provider/resources/registry";
import type { ProviderHarness, Props } from "./harness";

export type Change = "replace" | "update" | "ignore";

/**
 * What changing the inputs by `set` does; `set` is usually `{ [key]: newValue }`. `change`
 * (replace or update, not ignored) is for an entry whose exact effect another suite owns.
 */
export interface RuleCase {
  set: Props;
  expect: Change | "change";
}

/** Inputs that differ only in form (case, order, a service default) and so are no change. */
export interface SameCase {
  title: string;
  set: Props;
}

export interface RuleTable {
  /** One case per rules-table entry of the resource. */
  changes: Record<string, RuleCase>;
  same: SameCase[];
}

/** The value the engine sends for an input unknown during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function ruleKeys(type: string): string[] {
  return Object.keys(registry[type].rules).sort();
}

/**
 * Asserts every entry of `table` against the provider's diff of `inputs` changed by the case,
 * with `state` (a created resource's id and outputs) as the old side, and that none of it made
 * a request.
 */
export async function assertRuleTable(h: ProviderHarness, type: string, state: { id: string; outs: Props }, inputs: Props, table: RuleTable): Promise<void> {
  assert.deepStrictEqual(Object.keys(table.changes).sort(), ruleKeys(type), `${type}: every rules-table entry has a diff case`);
  const driver = h.resource(type);
  const dbr = registry[type].deleteBeforeReplace ?? false;
  const { calls } = await h.counting(async () => {
    const unchanged = await driver.diff(state.id, state.outs, inputs);
    assert.strictEqual(unchanged.changes, false, `${type}: the created inputs diff as no change`);
    for (const [key, c] of Object.entries(table.changes)) {
      const d = await driver.diff(state.id, state.outs, { ...inputs, ...c.set });
      const got: Change = (d.replaces ?? []).includes(key) ? "replace" : d.changes ? "update" : "ignore";
      if (c.expect === "change") {
        assert.notStrictEqual(got, "ignore", `${type}.${key}: a change should show`);
        continue;
      }
      assert.strictEqual(got, c.expect, `${type}.${key}: a change should ${c.expect === "ignore" ? "be ignored" : c.expect}`);
      if (c.expect === "update") assert.deepStrictEqual(d.replaces, [], `${type}.${key}: updates in place`);
      if (c.expect === "replace") assert.strictEqual(d.deleteBeforeReplace, dbr, `${type}.${key}: deleteBeforeReplace`);
      if (c.expect === "ignore") assert.strictEqual(d.changes, false, `${type}.${key}: no change at all`);
    }
    for (const s of table.same) {
      const d = await driver.diff(state.id, state.outs, { ...inputs, ...s.set });
      assert.deepStrictEqual([d.changes, d.replaces], [false, []], `${type}: ${s.title} is no change`);
    }
  });
  assert.deepStrictEqual(calls, [], `${type}: diff made requests`);
}

export interface CheckCase {
  title: string;
  inputs: Props;
  /** The property named and the rule, as the failure says it. */
  property: string;
  reason: RegExp;
}

/** Each case fails check naming its property and rule; a valid input passes; no request. */
export async function assertCheckCases(h: ProviderHarness, type: string, valid: Props, cases: CheckCase[]): Promise<void> {
  const driver = h.resource(type);
  const { calls } = await h.counting(async () => {
    const ok = await driver.check(valid);
    assert.deepStrictEqual(ok.failures ?? [], [], `${type}: the valid inputs pass check`);
    for (const c of cases) {
      const failures = (await driver.check(c.inputs)).failures ?? [];
      const hit = failures.find((f) => f.property === c.property && c.reason.test(f.reason));
      assert.ok(hit, `${type}: ${c.title}: expected a failure on ${c.property} matching ${c.reason}, got ${JSON.stringify(failures)}`);
    }
  });
  assert.deepStrictEqual(calls, [], `${type}: check made requests`);
}
