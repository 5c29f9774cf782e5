/**
 * Colour only where a person reads: on a terminal unless NO_COLOR is set, never in a pipe unless
 * FORCE_COLOR asks; in errors and drift's text report. Progress on stderr: plain lines in a pipe
 * (a start line and an end line with the count), a spinner line erased afterwards on a terminal.
 */
import * as assert from "assert";
import { colourOn, paint } from "../../../provider/cli/colour";
import { Command } from "../../../provider/cli/command";
import { formatDrift } from "../../../provider/cli/drift-format";
import type { DriftEntry } from "../../../provider/cli/drift-report";
import { Ui } from "../../../provider/cli/ui";
import { Captured, esign } from "./run-esign";

const ESC = "\x1b[";
const tty = { isTTY: true, write: () => true };
const pipe = { isTTY: false, write: () => true };

describe("esign: colour", () => {
  it("on a terminal, off in a pipe", () => {
    assert.strictEqual(colourOn(tty, {}), true);
    assert.strictEqual(colourOn(pipe, {}), false);
    assert.strictEqual(colourOn({ write: () => true }, {}), false);
  });

  it("NO_COLOR (any non-empty value) turns it off, even with FORCE_COLOR", () => {
    assert.strictEqual(colourOn(tty, { NO_COLOR: "1" }), false);
    assert.strictEqual(colourOn(tty, { NO_COLOR: "" }), true);
    assert.strictEqual(colourOn(pipe, { NO_COLOR: "1", FORCE_COLOR: "1" }), false);
  });

  it("FORCE_COLOR turns it on in a pipe; FORCE_COLOR=0 off on a terminal", () => {
    assert.strictEqual(colourOn(pipe, { FORCE_COLOR: "1" }), true);
    assert.strictEqual(colourOn(pipe, { FORCE_COLOR: "" }), true);
    assert.strictEqual(colourOn(tty, { FORCE_COLOR: "0" }), false);
  });

  it("errors are coloured on a terminal, plain with NO_COLOR and in a pipe", async () => {
    const coloured = await esign(["drfit"], { tty: true });
    assert.ok(coloured.stderr.includes(`${ESC}31m`), JSON.stringify(coloured.stderr));
    assert.ok(coloured.stderr.includes("unknown command drfit"));
    for (const opts of [{ tty: true, env: { NO_COLOR: "1" } }, { tty: false }]) {
      const r = await esign(["drfit"], opts);
      assert.ok(!r.stderr.includes(ESC), JSON.stringify(r.stderr));
    }
    assert.ok((await esign(["drfit"], { env: { FORCE_COLOR: "1" } })).stderr.includes(ESC));
  });

  it("help text is never coloured (it is read in pipes and man-like pagers)", async () => {
    assert.ok(!(await esign(["--help"], { tty: true })).stdout.includes(ESC));
  });

  const entries: DriftEntry[] = [{ resource: "team", type: "esign:Team", property: "name", git: '"A"', service: '"B"', action: "update" }];

  it("drift's text report is coloured with a paint that is on, and only the text format", () => {
    const on = formatDrift("dev", entries, "text", paint(true));
    assert.ok(on.includes(ESC));
    // eslint-disable-next-line no-control-regex -- the SGR sequences are what is removed
    assert.strictEqual(on.replace(/\x1b\[\d+m/g, ""), formatDrift("dev", entries, "text"));
    assert.strictEqual(formatDrift("dev", entries, "text", paint(false)), formatDrift("dev", entries, "text"));
    for (const format of ["json", "markdown"] as const) assert.ok(!formatDrift("dev", entries, format, paint(true)).includes(ESC));
  });
});

describe("esign: progress on stderr", () => {
  const waits = (ticks: number): Command => ({
    name: "wait",
    summary: "waits",
    usage: ["esign wait"],
    options: {},
    exits: [0],
    run: async (_args, ui) => {
      const p = ui.progress("waiting on the engine").counting("engine events");
      for (let i = 0; i < ticks; i++) p.tick();
      await new Promise((r) => setTimeout(r, 250));
      p.done("waited");
      ui.print("result\n");
      return 0;
    },
  });

  it("in a pipe: a start line and an end line with the count, no control characters, stdout untouched", async () => {
    const r = await esign(["wait"], { commands: [waits(3)] });
    assert.strictEqual(r.stdout, "result\n");
    const lines = r.stderr.trimEnd().split("\n");
    assert.strictEqual(lines[0], "esign wait: waiting on the engine…");
    assert.match(lines[1], /^esign wait: waited \(3 engine events, \d+\.\ds\)$/);
    assert.strictEqual(lines.length, 2);
    assert.ok(!r.stderr.includes("\x1b") && !r.stderr.includes("\r"));
  });

  it("on a terminal: a live line (spinner, count) rewritten in place and erased at the end", async () => {
    const r = await esign(["wait"], { commands: [waits(5)], tty: true });
    assert.strictEqual(r.stdout, "result\n");
    // eslint-disable-next-line no-control-regex -- the live line's erase sequence is the subject
    assert.match(r.stderr, /\r\x1b\[2K.*esign wait: waiting on the engine…/);
    assert.ok(r.stderr.includes("5 engine events"), JSON.stringify(r.stderr));
    assert.ok(r.stderr.endsWith("\r\x1b[2K"), "the live line is erased");
    assert.ok(!r.stderr.includes("\n"), "no line is left behind");
  });

  it("a failed wait ends with a line saying so, and the error is the command's", async () => {
    const failing: Command = {
      name: "wait",
      summary: "fails while waiting",
      usage: ["esign wait"],
      options: {},
      exits: [0, 1],
      run: async (_args, ui) => ui.progress("waiting on the service").around("done", () => Promise.reject(new Error("the service went away"))),
    };
    const r = await esign(["wait"], { commands: [failing] });
    assert.strictEqual(r.code, 1);
    const lines = r.stderr.trimEnd().split("\n");
    assert.strictEqual(lines[0], "esign wait: waiting on the service…");
    assert.match(lines[1], /^esign wait: failed \(0 events, \d+\.\ds\)$/);
    assert.strictEqual(lines[2], "esign wait: the service went away");
  });

  it("a note is labelled and plain in a pipe", () => {
    const err = new Captured(false);
    new Ui({ stdout: new Captured(false), stderr: err, env: {} }, "esign export").note("wrote account.yaml (3 entries)");
    assert.strictEqual(err.text, "esign export: wrote account.yaml (3 entries)\n");
  });
});
