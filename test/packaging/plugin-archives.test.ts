/**
 * The release path builds every target's archive (scripts/build-plugin, cached by a hash of the
 * sources), and each holds one executable for its platform: the right format and machine, the
 * Node.js SEA fuse flipped by the injection (so it runs the plugin, not a bare Node.js), and on
 * macOS a valid ad-hoc signature after the injection. linux-amd64 itself runs end to end in
 * plugin-download.test.ts. (DECISIONS.md D50.)
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { executableInfo } from "./executable-headers";
import { buildPluginArchives, VERSION } from "./plugin-release";
import { tempDir } from "./support";

const TARGETS = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64", "windows-arm64"];
const EXPECTED: Record<string, { format: string; machine: number }> = {
  "linux-amd64": { format: "elf", machine: 62 },
  "linux-arm64": { format: "elf", machine: 183 },
  "darwin-amd64": { format: "macho", machine: 0x01000007 },
  "darwin-arm64": { format: "macho", machine: 0x0100000c },
  "windows-amd64": { format: "pe", machine: 0x8664 },
  "windows-arm64": { format: "pe", machine: 0xaa64 },
};
/** Node's SEA sentinel; postject flips its trailing `:0` to `:1` when it injects a blob. */
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
const CS_ADHOC = 0x2;

describe("plugin release archives (all six targets)", function () {
  this.timeout(90 * 60_000); // cold: six Node.js downloads and rcodesign's build
  let out: string;
  let archives: string[];

  before(() => {
    out = tempDir("plugin-archives");
    archives = buildPluginArchives(out, TARGETS);
  });
  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it("writes one archive per target, named as the engine asks for them", () => {
    assert.deepStrictEqual(
      archives.map((a) => path.basename(a)),
      TARGETS.map((t) => `pulumi-resource-esign-v${VERSION}-${t}.tar.gz`),
    );
    for (const a of archives) assert.strictEqual(path.dirname(a), out);
  });

  for (const [i, target] of TARGETS.entries()) {
    it(`${target}: one executable of that platform, with the plugin injected${target.startsWith("darwin") ? " and an ad-hoc signature" : ""}`, () => {
      const dir = path.join(out, target);
      fs.mkdirSync(dir);
      execFileSync("tar", ["-xzf", archives[i], "-C", dir]);
      const name = target.startsWith("windows") ? "pulumi-resource-esign.exe" : "pulumi-resource-esign";
      assert.deepStrictEqual(fs.readdirSync(dir), [name]);
      const file = path.join(dir, name);
      if (!target.startsWith("windows")) assert.ok(fs.statSync(file).mode & 0o111, `${name} is not executable`);
      const buf = fs.readFileSync(file);
      const info = executableInfo(buf);
      assert.deepStrictEqual({ format: info.format, machine: info.machine }, EXPECTED[target]);
      assert.ok(buf.includes(`${FUSE}:1`), "the SEA fuse is not flipped: no plugin was injected");
      assert.ok(!buf.includes(`${FUSE}:0`), "an unflipped SEA fuse remains");
      if (info.format === "macho") {
        assert.strictEqual((info.signatureFlags ?? 0) & CS_ADHOC, CS_ADHOC, `no ad-hoc code signature (flags ${info.signatureFlags})`);
        // Signed after the injection: the page hashes match the binary as shipped.
        assert.strictEqual(info.pagesMatch, true, "the code signature's page hashes do not match the binary");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });
  }
});
