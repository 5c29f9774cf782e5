/**
 * The journal cannot lose acknowledged data quietly: damage other
 * than a torn last record stops the start with file and line and leaves the file as it is;
 * a torn last record is dropped with a message; changes are journalled per record; one
 * service per data file (the lock).
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startService } from "../../../service";
import { JournalDamaged, JournalStore } from "../../../service/store/journal-store";
import { DataFileLocked } from "../../../service/store/lock";
import { spawnService } from "../support/spawn";

const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-hardening-")), name);

/** A compacted format 2 journal with some rows, closed cleanly. */
function journalWithRows(n: number, compactEvery = 1000): string {
  const file = tmpFile("j.journal");
  const s = new JournalStore(file, compactEvery);
  for (let i = 0; i < n; i++) {
    s.table("t").put(`k${i}`, { i, name: `row ${i}` });
    s.commit();
  }
  s.compact();
  s.close();
  return file;
}

function expectRefused(file: string, line: RegExp | number, reason: RegExp): void {
  const before = fs.readFileSync(file);
  assert.throws(
    () => new JournalStore(file),
    (e: unknown) => {
      assert.ok(e instanceof JournalDamaged, String(e));
      assert.ok(e.message.startsWith(file), e.message);
      if (typeof line === "number") assert.equal(e.line, line, e.message);
      assert.match(e.message, reason);
      return true;
    },
  );
  assert.deepEqual(fs.readFileSync(file), before, "the damaged file must not be rewritten");
}

describe("service: journal damage", () => {
  it("a format 1 file that is only a snapshot, its last 20 bytes cut, is refused and left as it is", () => {
    const file = tmpFile("legacy.jsonl");
    const snapshot =
      JSON.stringify({
        snapshot: {
          t: [
            ["a", { v: 1 }],
            ["b", { v: 2 }],
          ],
        },
      }) + "\n";
    fs.writeFileSync(file, snapshot.slice(0, -20));
    expectRefused(file, 1, /snapshot ends early|no complete line/);
  });

  it("a format 2 snapshot cut short is refused (not read as an empty or partial state)", () => {
    const file = journalWithRows(50);
    fs.truncateSync(file, fs.statSync(file).size - 20);
    expectRefused(file, /./ as never, /snapshot ends early/);
    const cutAtRow = journalWithRows(50);
    const lines = fs.readFileSync(cutAtRow, "utf8").split("\n");
    fs.writeFileSync(cutAtRow, lines.slice(0, 30).join("\n") + "\n"); // whole lines, no snapshot_end
    expectRefused(cutAtRow, /./ as never, /snapshot ends early/);
  });

  it("a complete last line with one byte changed is refused, naming the line", () => {
    const file = journalWithRows(3);
    const s = new JournalStore(file);
    s.table("t").put("later", { v: "acknowledged" });
    s.commit();
    s.close();
    const text = fs.readFileSync(file, "utf8");
    const lineCount = text.split("\n").length - 1;
    const at = text.lastIndexOf("acknowledged");
    fs.writeFileSync(file, text.slice(0, at) + "X" + text.slice(at + 1));
    expectRefused(file, lineCount, /checksum mismatch/);
  });

  it("a middle line that is valid JSON with a damaged op name is refused, not replayed as a delete", () => {
    const legacy = tmpFile("legacy-op.jsonl");
    fs.writeFileSync(legacy, ['{"ops":[{"op":"put","table":"t","id":"a","value":1}]}', '{"ops":[{"op":"pux","table":"t","id":"a","value":2}]}', '{"ops":[]}', ""].join("\n"));
    expectRefused(legacy, 2, /unknown op "pux"/);
    // Format 2: the checksum is checked first; the op names are checked even when it matches.
    const file = journalWithRows(2);
    const s = new JournalStore(file);
    s.table("t").put("x", { v: 1 });
    s.commit();
    s.table("t").put("y", { v: 1 });
    s.commit();
    s.close();
    const lines = fs.readFileSync(file, "utf8").split("\n");
    const target = lines.length - 3;
    lines[target] = lines[target].replace('"op":"put"', '"op":"pux"');
    fs.writeFileSync(file, lines.join("\n"));
    expectRefused(file, target + 1, /checksum mismatch/);
  });

  it("only a torn last record is dropped, with a message; its bytes are kept; appends continue", () => {
    const file = journalWithRows(2);
    fs.appendFileSync(file, '1234abcd {"ops":[{"op":"put","table":"t","id":"x","val');
    const messages: string[] = [];
    const original = console.error;
    console.error = (...a: unknown[]) => void messages.push(a.join(" "));
    let r: JournalStore;
    try {
      r = new JournalStore(file);
    } finally {
      console.error = original;
    }
    assert.deepEqual(Object.keys(r.dump().t), ["k0", "k1"]);
    assert.match(messages.join("\n"), /dropped a torn last record at line \d+ \(\d+ bytes, never acknowledged; kept in .*torn-/);
    const aside = fs.readdirSync(path.dirname(file)).find((f) => f.includes(".torn-"))!;
    assert.match(fs.readFileSync(path.join(path.dirname(file), aside), "utf8"), /"val$/);
    r.table("t").put("z", { v: 3 });
    r.commit();
    r.close();
    assert.deepEqual(Object.keys(new JournalStore(file).dump().t), ["k0", "k1", "z"]);
  });

  it("a format 1 journal is read, kept as .v1.bak and converted to format 2", () => {
    const file = tmpFile("old.jsonl");
    const old = ['{"snapshot":{"t":[["a",{"v":1}]]}}', '{"ops":[{"op":"put","table":"t","id":"b","value":{"v":2}}]}', ""].join("\n");
    fs.writeFileSync(file, old);
    const s = new JournalStore(file);
    assert.deepEqual(s.dump(), { t: { a: { v: 1 }, b: { v: 2 } } });
    s.close();
    assert.equal(fs.readFileSync(`${file}.v1.bak`, "utf8"), old);
    assert.ok(fs.readFileSync(file, "utf8").startsWith('{"esign_journal":2}\n'));
    assert.deepEqual(new JournalStore(file).dump(), { t: { a: { v: 1 }, b: { v: 2 } } });
  });
});

describe("service: journal read in chunks", () => {
  it("records longer than a read chunk, and lines across chunk boundaries, load exactly", () => {
    const file = tmpFile("chunks.journal");
    const s = new JournalStore(file);
    s.table("t").put("big", { text: "é".repeat(1_500_000) }); // 3 MB of UTF-8: spans chunks
    s.commit();
    for (let i = 0; i < 3000; i++) s.table("t").put(`k${i}`, { i, pad: "x".repeat(i % 700) });
    s.commit();
    for (let i = 0; i < 3000; i += 7) {
      s.table("t").put(`k${i}`, { i, pad: "changed" });
      s.commit();
    }
    const memory = JSON.stringify(s.dump());
    s.close();
    assert.ok(fs.statSync(file).size > 3 * 1024 * 1024);
    assert.equal(JSON.stringify(new JournalStore(file).dump()), memory);
  });
});

describe("service: journal per record", () => {
  it("a team change journals the change, not the whole team (linear growth), and replays exactly", () => {
    const file = tmpFile("team.journal");
    const s = new JournalStore(file, 100_000);
    type Team = { team_id: string; name: string; members: { account_id: string; role: string }[]; invites: unknown[] };
    const team: Team = { team_id: "t1", name: "Team", members: [], invites: [] };
    const sizeAfter: number[] = [];
    for (let i = 0; i < 400; i++) {
      team.members.push({ account_id: `acct-${String(i).padStart(36, "0")}`, role: "Member" });
      team.invites.push({ email_address: `m${i}@example.com`, state: "accepted" });
      s.table("teams").put("t1", team);
      s.commit();
      sizeAfter.push(fs.statSync(file).size);
    }
    const first = sizeAfter[199] - sizeAfter[99];
    const second = sizeAfter[399] - sizeAfter[299];
    assert.ok(second < first * 1.2, `100 adds cost ${first} bytes early and ${second} bytes late`);
    assert.ok(second < 100 * 400, `${second} bytes for 100 member adds`);
    // Removals in the middle, role changes, renames, key order: replay gives the same bytes.
    team.members.splice(17, 1);
    s.table("teams").put("t1", team);
    team.members[40].role = "Admin";
    s.table("teams").put("t1", team);
    s.commit();
    const renamed = { ...team, name: "Renamed", extra: { a: [1, 2] } };
    s.table("teams").put("t1", renamed);
    s.commit();
    s.table("teams").put("t2", { b: 1, a: 2 });
    s.commit();
    s.table("teams").put("t2", { a: 2, b: 1 });
    s.commit();
    const memory = JSON.stringify(s.dump());
    s.close();
    assert.equal(JSON.stringify(new JournalStore(file).dump()), memory);
  });
});

describe("service: one service per data file", function () {
  this.timeout(120_000);

  it("a second service on the same --data file refuses to start, naming the holder", async () => {
    const file = tmpFile("locked.journal");
    const first = await startService({ port: 0, data: file });
    try {
      await assert.rejects(startService({ port: 0, data: file }), (e: unknown) => {
        assert.ok(e instanceof DataFileLocked, String(e));
        assert.match(e.message, new RegExp(`pid ${process.pid}, ${first.url.replace(/[.]/g, "\\.")}`));
        return true;
      });
    } finally {
      await first.close();
    }
    const again = await startService({ port: 0, data: file });
    await again.close();
  });

  it("the CLI refuses a held file with exit 1 and the holder's pid; a stale lock of a dead process is taken over", async () => {
    const file = tmpFile("cli.journal");
    const holder = await spawnService(["--port", "0", "--data", file]);
    try {
      const second = spawnSync(process.execPath, ["scripts/run-ts.js", "service/main.ts", "--port", "0", "--data", file], { encoding: "utf8", timeout: 60_000 });
      assert.equal(second.status, 1, second.stdout + second.stderr);
      assert.match(second.stderr, new RegExp(`in use by another local service \\(pid ${holder.child.pid}, ${holder.url.replace(/[.]/g, "\\.")}`));
    } finally {
      holder.child.kill("SIGKILL");
      await new Promise((r) => (holder.child.exitCode !== null || holder.child.signalCode ? r(null) : holder.child.once("exit", r)));
    }
    assert.ok(fs.existsSync(`${file}.lock`), "kill -9 leaves its lock behind");
    const next = await spawnService(["--port", "0", "--data", file]);
    next.child.kill("SIGTERM");
    await new Promise((r) => next.child.once("exit", r));
    assert.ok(!fs.existsSync(`${file}.lock`), "a clean stop removes the lock");
  });

  // CI once saw a SIGTERM land before the CLI had its handlers (Node's default action: the lock
  // stayed). A signal sent the moment the lock appears, before the banner, must still stop cleanly.
  it("a SIGTERM while the CLI is still starting stops it cleanly and removes the lock", async () => {
    const file = tmpFile("early.journal");
    const child = spawn(process.execPath, ["scripts/run-ts.js", "service/main.ts", "--port", "0", "--data", file], { stdio: "ignore" });
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    while (!fs.existsSync(`${file}.lock`)) {
      if (child.exitCode !== null) assert.fail("the service exited before taking the lock");
      await new Promise((r) => setTimeout(r, 1));
    }
    child.kill("SIGTERM");
    assert.equal(await exited, 0, "stopped by its own handler, not by the signal's default action");
    assert.ok(!fs.existsSync(`${file}.lock`), "the lock is released");
  });
});
