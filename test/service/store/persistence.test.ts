/**
 * Persistence with --data: the journal store (commit = fsync'd line, replay, torn last
 * line, compaction), restart of the in-process service, and a crash test: a child process
 * killed with SIGKILL in the middle of a burst of writes loses no acknowledged write.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { JournalStore } from "../../../service/store/journal-store";
import { Api, expectStatus, startForTest } from "../support/api";
import { spawnService } from "../support/spawn";

const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-journal-")), name);

describe("service: journal store", () => {
  it("replays committed mutations and drops uncommitted ones", () => {
    const file = tmpFile("a.jsonl");
    const s = new JournalStore(file);
    s.table<{ v: number }>("t").put("a", { v: 1 });
    s.table<{ v: number }>("t").put("b", { v: 2 });
    s.table("t").delete("a");
    s.commit();
    s.table<{ v: number }>("t").put("c", { v: 3 }); // never committed: lost like an unanswered request
    const r = new JournalStore(file);
    assert.deepEqual(r.dump(), { t: { b: { v: 2 } } });
    r.close();
  });

  it("ignores and truncates a torn last line; appends continue cleanly", () => {
    const file = tmpFile("b.jsonl");
    const s = new JournalStore(file);
    s.table("t").put("a", { v: 1 });
    s.commit();
    s.close();
    fs.appendFileSync(file, '{"ops":[{"op":"put","table":"t","id":"x","val');
    const r = new JournalStore(file);
    assert.deepEqual(r.dump(), { t: { a: { v: 1 } } });
    r.table("t").put("b", { v: 2 });
    r.commit();
    r.close();
    assert.deepEqual(new JournalStore(file).dump(), { t: { a: { v: 1 }, b: { v: 2 } } });
  });

  it("refuses a corrupt line in the middle", () => {
    const file = tmpFile("c.jsonl");
    fs.writeFileSync(file, '{"ops":[]}\nGARBAGE\n{"ops":[]}\n');
    assert.throws(() => new JournalStore(file), /corrupt journal line 2/);
  });

  it("compacts into one snapshot and keeps every value and the order", () => {
    const file = tmpFile("d.jsonl");
    const s = new JournalStore(file, 5);
    for (let i = 0; i < 12; i++) {
      s.table("t").put(`k${i}`, { i });
      s.commit();
    }
    s.table("t").put("k0", { i: 100 });
    s.commit();
    s.close();
    // Format 2: a snapshot is one line per row closed by snapshot_end, then the commits since.
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    const commits = lines.filter((l) => l.includes('{"ops"'));
    assert.ok(commits.length < 5, `${commits.length} commit lines`);
    assert.ok(lines.some((l) => /\{"snapshot_end":\d+\}/.test(l)));
    const r = new JournalStore(file, 5);
    const values = r
      .table<{ i: number }>("t")
      .list()
      .map((v) => v.i);
    assert.deepEqual(values, [100, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe("service: restart with --data", () => {
  it("state and the start account survive a restart", async () => {
    const file = tmpFile("svc.jsonl");
    const first = await startForTest({ data: file, apiKey: "persist" });
    const app = await first.api.post("/api_app", { name: "kept", domains: ["a.com"] });
    expectStatus(app, 201);
    await first.api.post("/team/create", { name: "Kept team" });
    await first.svc.close();
    const second = await startForTest({ data: file, apiKey: "persist" });
    try {
      assert.equal(second.svc.accountId, first.svc.accountId);
      expectStatus(await second.api.get(`/api_app/${app.body.api_app.client_id}`), 200);
      assert.equal((await second.api.get("/team")).body.team.name, "Kept team");
    } finally {
      await second.svc.close();
    }
  });
});

/** The CLI with a data file. */
const spawnWithData = (file: string) => spawnService(["--port", "0", "--api-key", "crashkey", "--data", file]);

describe("service: crash safety", function () {
  this.timeout(180_000);

  it("kill -9 in the middle of a burst of writes loses no acknowledged write", async () => {
    const file = tmpFile("crash.jsonl");
    const { child, url } = await spawnWithData(file);
    const api = new Api({ url, baseUrl: `${url}/v3`, apiKey: "crashkey" } as never);
    const acked: string[] = [];
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const r = await api.post("/api_app", { name: `w${w}-${i}`, domains: ["crash.example.com"] });
          if (r.status === 201) acked.push(r.body.api_app.client_id);
          if (acked.length >= 150 && !killed) {
            killed = true;
            child.kill("SIGKILL");
          }
        } catch {
          return; // connection cut by the kill
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
    await new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once("exit", r)));
    assert.equal(child.signalCode, "SIGKILL");
    assert.ok(acked.length >= 150);

    const again = await spawnWithData(file);
    try {
      const api2 = new Api({ url: again.url, baseUrl: `${again.url}/v3`, apiKey: "crashkey" } as never);
      const seen = new Set<string>();
      for (let page = 1; ; page++) {
        const r = await api2.get("/api_app/list", { query: { page, page_size: 100 } });
        expectStatus(r, 200);
        for (const a of r.body.api_apps) seen.add(a.client_id);
        if (page >= r.body.list_info.num_pages) break;
      }
      const lost = acked.filter((id) => !seen.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${acked.length} acknowledged writes lost`);
    } finally {
      again.child.kill("SIGKILL");
    }
  });
});
