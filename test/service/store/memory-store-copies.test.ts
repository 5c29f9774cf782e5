/**
 * The memory store hands out copies: a handler that mutates what it read changes nothing
 * until it puts it back, and what comes out equals what went in after a JSON round trip,
 * odd keys included (rows are copied structurally on the way out, not re-serialized).
 */
import * as assert from "assert";
import { MemoryStore } from "../../../service/store/memory-store";

describe("service: memory store copies", () => {
  it("get, list, find, filter and entries return copies a handler may mutate freely", () => {
    const store = new MemoryStore();
    const table = store.table<{ name: string; tags: string[]; nested: { n: number } }>("things");
    table.put("a", { name: "A", tags: ["x"], nested: { n: 1 } });
    for (const read of [() => table.get("a")!, () => table.list()[0], () => table.find(() => true)!, () => table.filter(() => true)[0], () => table.entries()[0][1]]) {
      const row = read();
      row.name = "changed";
      row.tags.push("y");
      row.nested.n = 2;
    }
    assert.deepStrictEqual(table.get("a"), { name: "A", tags: ["x"], nested: { n: 1 } });
  });

  it("what comes out equals the JSON round trip of what went in", () => {
    const store = new MemoryStore();
    const table = store.table<Record<string, unknown>>("things");
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": [1, null, {"b": "c"}], "u": null, "d": 1.5}');
    table.put("p", { ...value, skipped: undefined, when: new Date(0) } as Record<string, unknown>);
    const out = table.get("p")!;
    assert.strictEqual(JSON.stringify(out), JSON.stringify(JSON.parse(JSON.stringify({ ...value, skipped: undefined, when: new Date(0) }))));
    assert.ok(Object.prototype.hasOwnProperty.call(out, "__proto__"), "__proto__ stays an own key");
    assert.strictEqual(Object.getPrototypeOf(out), Object.prototype, "and never becomes the prototype");
    assert.strictEqual(({} as Record<string, unknown>).polluted, undefined);
  });
});
