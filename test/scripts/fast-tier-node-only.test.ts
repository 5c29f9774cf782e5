/**
 * `npm run test:fast` needs Node.js alone: run with a PATH that holds node, npm and npx and the
 * few shell utilities scripts/install-deps uses (bash, sh, cat, cut, dirname, sha256sum), and
 * no Go, Python, Rust or Pulumi, it passes. A fast-tier test that reaches for another toolchain
 * (builds the plugin or an SDK, runs python3) fails here. The fast tier takes about 10 s on idle
 * cores; this runs it once more.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { repoRoot, run, tempDir } from "../packaging/support";

const UTILITIES = ["bash", "sh", "cat", "cut", "dirname", "sha256sum"];
const OTHER_TOOLCHAINS = ["go", "python3", "python", "cargo", "rustc", "pulumi", "pulumi-language-nodejs"];

/** The real file of a command on the current PATH. */
function which(name: string): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return fs.realpathSync(file);
  }
  throw new Error(`${name} is not on PATH`);
}

describe("test:fast needs Node.js alone", function () {
  this.timeout(20 * 60_000);
  let bin: string;
  before(() => {
    bin = tempDir("node-only-path");
    // node, and npm/npx as the links node's installation has (they find their own files from there).
    fs.symlinkSync(process.execPath, path.join(bin, "node"));
    const nodeDir = path.dirname(process.execPath);
    for (const tool of ["npm", "npx"]) fs.symlinkSync(fs.existsSync(path.join(nodeDir, tool)) ? fs.realpathSync(path.join(nodeDir, tool)) : which(tool), path.join(bin, tool));
    for (const tool of UTILITIES) fs.symlinkSync(which(tool), path.join(bin, tool));
  });
  after(() => fs.rmSync(bin, { recursive: true, force: true }));

  it("the PATH holds no other toolchain", async () => {
    for (const tool of OTHER_TOOLCHAINS) {
      const r = await run("bash", ["-c", `command -v ${tool}`], { cwd: repoRoot, env: { PATH: bin, HOME: process.env.HOME } });
      assert.notStrictEqual(r.code, 0, `${tool} is reachable: ${r.stdout}`);
    }
  });

  it("npm run test:fast passes with that PATH", async () => {
    const env: NodeJS.ProcessEnv = { PATH: bin, HOME: process.env.HOME };
    if (process.env.ESIGN_CACHE_DIR) env.ESIGN_CACHE_DIR = process.env.ESIGN_CACHE_DIR;
    const r = await run(path.join(bin, "npm"), ["run", "test:fast"], { cwd: repoRoot, env });
    assert.strictEqual(r.code, 0, `${r.stdout.slice(-6000)}\n${r.stderr.slice(-4000)}`);
    assert.match(r.stdout, /\d+ passing/);
    assert.doesNotMatch(r.stdout, /\d+ pending/, "no test is skipped for want of a toolchain");
  });
});
