/**
 * check receives validated input (D164): a resource's own check only ever sees inputs its
 * definition's inputs schema passes, whatever the program gives; a value of the wrong type is a
 * check failure naming the property, never an error thrown from the resource's code.
 */
import * as assert from "assert";
import { checkInputs } from "../../provider/core/check";
import type { ResourceImpl } from "../../provider/core/resource";
import { inputSchemas, registry } from "../../provider/resources/registry";
import { ProviderHarness } from "./support/harness";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** Values of every JSON type, nested ones among them. */
const VALUES: unknown[] = [5, 1.5, -1, "x", "", true, null, [], [5], ["x", 5], [{ name: 5 }], {}, { a: 5 }, UNKNOWN, [UNKNOWN]];

/** The kind's implementation, its check asserting that what it is given passes the schema. */
function asserting(kind: string, seen: unknown[]): ResourceImpl {
  const impl = registry[kind];
  return {
    ...impl,
    check(olds, news) {
      seen.push(news);
      // Strictly: a value unknown at preview where the schema wants other than a string is left out too.
      assert.ok(inputSchemas[kind].safeParse(news).success, `${kind}: check was given ${JSON.stringify(news)}`);
      return impl.check?.(olds, news) ?? {};
    },
  };
}

describe("fast tier: check receives validated input", () => {
  for (const kind of Object.keys(registry)) {
    it(`${kind}: its check only sees inputs its schema passes`, () => {
      const seen: unknown[] = [];
      const impl = asserting(kind, seen);
      const keys = Object.keys((inputSchemas[kind] as unknown as { shape: object }).shape);
      for (const key of keys) for (const value of VALUES) checkInputs(impl, inputSchemas[kind], {}, { [key]: value });
      for (const value of VALUES) checkInputs(impl, inputSchemas[kind], {}, Object.fromEntries(keys.map((k) => [k, value])));
      assert.ok(seen.length > 0, `${kind}: its check ran`);
    });
  }

  describe("through the host", () => {
    let h: ProviderHarness;
    before(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
    after(async () => h?.close());

    it("a value of the wrong type fails check naming the property, where the resource's code would have thrown", async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ["Template", { title: "T", files: "contract.pdf" }, "files"],
        ["TeamMemberSet", { members: [], keep: "ops@example.com" }, "keep"],
        ["TemplateAccessSet", { templateId: "t1", users: [], keep: 5 }, "keep"],
      ];
      for (const [kind, inputs, property] of cases) {
        const failures = (await h.resource(kind).check(inputs)).failures ?? [];
        assert.ok(
          failures.some((f) => f.property === property && f.reason === "must be an array"),
          `${kind}: ${JSON.stringify(failures)}`,
        );
      }
    });
  });
});
