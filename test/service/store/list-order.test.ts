/**
 * Lists newest first, as the real service answers them (S1 testGetApiApps.json and S5
 * api_apps.json: API apps by created_at, newest first; templates: templates/recorded.test.ts).
 * The store's filterNewestFirst gives reverse insertion order; a replaced row keeps its place.
 */
import assert from "node:assert/strict";
import { MemoryStore } from "../../../service/store/memory-store";
import { Api, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: newest-first lists", () => {
  it("filterNewestFirst: reverse insertion order of the matches, replacing keeps the place, copies out", () => {
    const t = new MemoryStore().table<{ n: number }>("rows");
    for (const n of [1, 2, 3, 4]) t.put(`r${n}`, { n });
    t.put("r2", { n: 20 });
    assert.deepEqual(
      t.filterNewestFirst((r) => r.n !== 3).map((r) => r.n),
      [4, 20, 1],
    );
    t.filterNewestFirst(() => true)[0].n = 99;
    assert.equal(t.get("r4")!.n, 4);
  });

  it("windowNewestFirst: one window of the matches, by compare (stable over newest first), only the window copied", () => {
    const t = new MemoryStore().table<{ n: number; at: number }>("rows");
    [1, 2, 3, 4, 5, 6].forEach((n) => t.put(`r${n}`, { n, at: n % 2 }));
    const byAt = { compare: (a: { at: number }, b: { at: number }) => b.at - a.at };
    const all = t.windowNewestFirst(() => true, { offset: 0, limit: 10, ...byAt });
    assert.deepEqual(
      all.items.map((r) => r.n),
      [5, 3, 1, 6, 4, 2],
    );
    const second = t.windowNewestFirst((r) => r.n !== 3, { offset: 2, limit: 2, ...byAt });
    assert.deepEqual(second, {
      items: [
        { n: 6, at: 0 },
        { n: 4, at: 0 },
      ],
      total: 5,
    });
    second.items[0].n = 99;
    assert.equal(t.get("r6")!.n, 6);
    assert.deepEqual(
      t.windowNewestFirst(() => true, { offset: 10, limit: 2 }),
      { items: [], total: 6 },
    );
  });

  describe("GET /api_app/list", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest()));
    after(() => svc.close());

    it("lists API apps newest first, page by page", async () => {
      for (const name of ["first", "second", "third"]) expectStatus(await api.post("/api_app", { name, domains: ["example.com"] }), 201);
      const all = (await api.get("/api_app/list")).body.api_apps.map((a: { name: string }) => a.name);
      assert.deepEqual(all, ["third", "second", "first"]);
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push((await api.get("/api_app/list", { query: { page, page_size: 1 } })).body.api_apps[0].name);
      assert.deepEqual(pages, ["third", "second", "first"]);
    });
  });
});
