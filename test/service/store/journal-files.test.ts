/**
 * The data file and its companions as files (issue 37 item 6, D142): created 0600, temp
 * names unpredictable, never written or read through a symbolic link; and a crafted journal
 * line cannot reach Object.prototype on replay: patches naming `__proto__`, `constructor` or
 * `prototype`, and `__proto__` keys in values, are refused with the file and line.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { JournalDamaged, JournalStore } from "../../../service/store/journal-store";
import { encodeRecord, FORMAT_LINE } from "../../../service/store/journal-format";
import { DataLock } from "../../../service/store/lock";

const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "esign-journal-files-"));
  dirs.push(d);
  return d;
};
const modeOf = (f: string) => fs.statSync(f).mode & 0o777;

/** A journal line from JSON text, so keys like "__proto__" stay own keys as a crafted file has them. */
const line = (json: string) => encodeRecord(JSON.parse(json) as Parameters<typeof encodeRecord>[0]);

/** A format 2 journal holding teams/t1 = {"name":"a"}, then `crafted` (JSON text of one record). */
function craftedJournal(dir: string, crafted: string): string {
  const file = path.join(dir, "crafted.journal");
  fs.writeFileSync(file, Buffer.concat([Buffer.from(FORMAT_LINE + "\n"), line('{"row":["teams","t1",{"name":"a"}]}'), line('{"snapshot_end":1}'), line(crafted)]));
  return file;
}

describe("service: journal files", () => {
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("the journal, its snapshots and the lock are 0600; an older 0644 journal becomes 0600", () => {
    const dir = tmpDir();
    const file = path.join(dir, "state.journal");
    const lock = DataLock.acquire(file);
    assert.equal(modeOf(lock.path), 0o600);
    lock.publish("http://127.0.0.1:1");
    assert.equal(modeOf(lock.path), 0o600);
    const s = new JournalStore(file, 1000, lock);
    assert.equal(modeOf(file), 0o600);
    s.table("t").put("k", { secret: "x" });
    s.commit();
    s.compact();
    assert.equal(modeOf(file), 0o600);
    s.close();
    fs.chmodSync(file, 0o644);
    new JournalStore(file).close();
    assert.equal(modeOf(file), 0o600);
    assert.deepEqual(
      fs.readdirSync(dir).filter((f) => f.endsWith(".tmp")),
      [],
      "no temp file left behind",
    );
  });

  it("a link planted at the old predictable temp names is never written through", () => {
    const dir = tmpDir();
    const file = path.join(dir, "state.journal");
    const victim = path.join(dir, "victim");
    fs.writeFileSync(victim, "untouched");
    fs.symlinkSync(victim, `${file}.tmp`);
    fs.symlinkSync(victim, `${file}.lock.${process.pid}.tmp`);
    const lock = DataLock.acquire(file);
    lock.publish("http://127.0.0.1:1");
    const s = new JournalStore(file, 1000, lock);
    s.table("t").put("k", { v: 1 });
    s.commit();
    s.compact();
    s.close();
    assert.equal(fs.readFileSync(victim, "utf8"), "untouched");
  });

  it("a journal path that is a symbolic link is refused, naming it; its target is left alone", () => {
    const dir = tmpDir();
    const victim = path.join(dir, "victim");
    fs.writeFileSync(victim, "untouched");
    const file = path.join(dir, "state.journal");
    fs.symlinkSync(victim, file);
    assert.throws(() => new JournalStore(file), new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is a symbolic link`));
    const empty = path.join(dir, "empty.journal");
    fs.symlinkSync(path.join(dir, "nowhere"), empty);
    assert.throws(() => new JournalStore(empty), /is a symbolic link/);
    assert.equal(fs.readFileSync(victim, "utf8"), "untouched");
    assert.equal(fs.existsSync(path.join(dir, "nowhere")), false);
  });

  it("a patch naming __proto__ is refused on replay, and Object.prototype stays clean", () => {
    const file = craftedJournal(tmpDir(), '{"ops":[{"op":"patch","table":"teams","id":"t1","delta":{"o":{"__proto__":{"o":{"polluted":{"v":"yes"}}}}}}]}');
    try {
      assert.throws(
        () => new JournalStore(file),
        (e: unknown) => e instanceof JournalDamaged && e.line === 4 && /forbidden key "__proto__" in a patch/.test(e.message),
      );
      assert.equal(({} as { polluted?: unknown }).polluted, undefined);
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted; // keep other tests clean if it ever failed
    }
  });

  it("constructor and prototype in a patch, and __proto__ in a value, are refused too", () => {
    const crafted = [
      ['{"ops":[{"op":"patch","table":"teams","id":"t1","delta":{"o":{"constructor":{"o":{"prototype":{"o":{"polluted":{"v":1}}}}}}}}]}', /forbidden key "constructor" in a patch/],
      ['{"ops":[{"op":"patch","table":"teams","id":"t1","delta":{"o":{"name":{"v":"b"}},"d":["prototype"]}}]}', /forbidden key "prototype" in a patch/],
      ['{"ops":[{"op":"put","table":"teams","id":"t2","value":{"a":[{"__proto__":{"polluted":1}}]}}]}', /forbidden key "__proto__" in a value/],
    ] as const;
    for (const [json, reason] of crafted) {
      const file = craftedJournal(tmpDir(), json);
      assert.throws(
        () => new JournalStore(file),
        (e: unknown) => e instanceof JournalDamaged && reason.test(e.message),
        json,
      );
    }
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
  });

  it("a record with a constructor key (metadata may have one) is journalled whole and replays", () => {
    const file = path.join(tmpDir(), "state.journal");
    const s = new JournalStore(file);
    s.table("requests").put("r1", { title: "t", metadata: { constructor: "a", note: "n" } });
    s.commit();
    s.table("requests").put("r1", { title: "t", metadata: { constructor: "b", note: "n" } });
    s.commit();
    s.close();
    const again = new JournalStore(file);
    assert.deepEqual(again.table("requests").get("r1"), { title: "t", metadata: { constructor: "b", note: "n" } });
    again.close();
  });
});
