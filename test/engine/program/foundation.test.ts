/**
 * Proves the engine path before any esign resource: a tiny dynamic resource goes through
 * preview, up, a no-change preview and destroy on the real CLI.
 */
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { changes, newStack, TestStack } from "../support/engine";

// Plain data only: the provider is serialized into state by the engine.
const counterProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: any) {
    return { id: `thing-${inputs.label}`, outs: { ...inputs } };
  },
  async diff(_id: string, olds: any, news: any) {
    return { changes: olds.label !== news.label, replaces: olds.label !== news.label ? ["label"] : [] };
  },
  async update(_id: string, _olds: any, news: any) {
    return { outs: { ...news } };
  },
  async delete() {},
};

class Thing extends pulumi.dynamic.Resource {
  declare readonly label: pulumi.Output<string>;
  constructor(name: string, label: string) {
    super(counterProvider, name, { label }, {}, "esign-test", "Thing");
  }
}

describe("engine: the real Pulumi CLI runs a dynamic resource", function () {
  this.timeout(300_000);
  let t: TestStack;

  before(async () => {
    t = await newStack("foundation", () => {
      const thing = new Thing("thing", "one");
      return { id: thing.id };
    });
  });
  after(async () => t?.dispose());

  it("previews a create, creates, then previews no change, then destroys", async () => {
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.create, 2, "stack + thing are created");

    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 2 });
    assert.strictEqual(up.outputs.id.value, "thing-one");

    const again = await t.stack.preview({ expectNoChanges: true });
    assert.strictEqual(again.changeSummary.same, 2);

    const destroyed = await t.stack.destroy();
    assert.deepStrictEqual(changes(destroyed.summary), { delete: 2 });
    const state = await t.stack.exportStack();
    assert.strictEqual((state.deployment.resources ?? []).length, 0);
  });
});
