/**
 * The toolchains (D109): .tool-versions pins each once and the scripts read it there; a `pulumi`
 * (and `pulumi-language-yaml`) already on PATH is used when its version fits the pinned range,
 * and only otherwise is the pinned one built (here: found warm in a scratch cache, so nothing
 * is built). Fake CLIs stand in for the real ones: each is a shell script printing a version.
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { repoRoot, tempDir } from "../packaging/support";

const script = (name: string) => path.join(repoRoot, "scripts", name);
const pins = Object.fromEntries(
  fs
    .readFileSync(path.join(repoRoot, ".tool-versions"), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => l.trim().split(/\s+/) as [string, string]),
);

function executable(file: string, body: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(file, 0o755);
}

/** A fake `pulumi` printing `version` (and a language host beside it unless told otherwise). */
function fakePulumi(dir: string, version: string, withHost = true): string {
  executable(path.join(dir, "pulumi"), `[ "$1" = version ] && echo v${version}`);
  if (withHost) executable(path.join(dir, "pulumi-language-nodejs"), "exit 0");
  return dir;
}

/** A cache in which ensure-pulumi finds `version` built already (so a miss on PATH builds nothing). */
function warmCache(cache: string, version: string): string {
  const bin = path.join(cache, `pulumi-v${version}`, "bin");
  for (const f of ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]) executable(path.join(bin, f), "exit 0");
  const stamp = crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(repoRoot, "tools", "language-host", "main.go")))
    .digest("hex")
    .slice(0, 16);
  fs.writeFileSync(path.join(bin, ".language-host-stamp"), `${stamp}\n`);
  return bin;
}

function runScript(name: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(script(name), args, { encoding: "utf8", env: { HOME: process.env.HOME ?? "/tmp", ...env } });
  return { code: r.status, last: r.stdout.trim().split("\n").pop() ?? "", stderr: r.stderr };
}

describe("toolchains: .tool-versions pins each once", () => {
  it("pins Node.js, Go, Pulumi and Python, and scripts/toolchain-version reads them (asdf's or mise's names)", () => {
    assert.deepStrictEqual(Object.keys(pins).sort(), ["golang", "nodejs", "pulumi", "python"]);
    for (const [name, alias] of [
      ["nodejs", "node"],
      ["golang", "go"],
      ["pulumi", "pulumi"],
      ["python", "python"],
    ]) {
      assert.strictEqual(execFileSync(script("toolchain-version"), [alias], { encoding: "utf8" }).trim(), pins[name]);
    }
    const bad = spawnSync(script("toolchain-version"), ["rust"], { encoding: "utf8" });
    assert.strictEqual(bad.status, 64);
  });

  it("ensure-pulumi's pinned version is the file's, and no script writes it again", () => {
    assert.strictEqual(execFileSync(script("ensure-pulumi"), ["--pinned-version"], { encoding: "utf8" }).trim(), pins.pulumi);
    const copies = fs.readdirSync(path.join(repoRoot, "scripts")).filter((f) => {
      const file = path.join(repoRoot, "scripts", f);
      return fs.statSync(file).isFile() && fs.readFileSync(file, "utf8").includes(pins.pulumi);
    });
    assert.deepStrictEqual(copies, []);
  });

  it("the SDK the tests run (package.json's @pulumi/pulumi) is the pinned CLI's version", () => {
    assert.strictEqual(require("../../package.json").devDependencies["@pulumi/pulumi"], pins.pulumi);
  });
});

describe("toolchains: a pulumi on PATH is used when its version fits", () => {
  let tmp: string;
  let cache: string;
  let warm: string;
  const PATH = "/usr/bin:/bin";
  beforeEach(() => {
    tmp = tempDir("toolchains");
    cache = path.join(tmp, "cache");
    warm = warmCache(cache, pins.pulumi);
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const ensure = (fake: string, env: Record<string, string> = {}) => runScript("ensure-pulumi", [], { PATH: `${fake}:${PATH}`, ESIGN_CACHE_DIR: cache, ...env });

  it("a newer 3.x with its language host: used as is", () => {
    const fake = fakePulumi(path.join(tmp, "newer"), "3.250.1");
    const r = ensure(fake);
    assert.deepStrictEqual([r.code, r.last], [0, fake], r.stderr);
    assert.match(r.stderr, /using pulumi v3\.250\.1 at /);
  });

  for (const [why, version, withHost] of [
    ["older than the floor", "3.100.0", true],
    ["another major", "4.0.0", true],
    ["without a language host", "3.250.1", false],
  ] as const)
    it(`${why}: the pinned build instead`, () => {
      const fake = fakePulumi(path.join(tmp, "other"), version, withHost);
      const r = ensure(fake);
      assert.deepStrictEqual([r.code, r.last], [0, warm], r.stderr);
      assert.match(r.stderr, new RegExp(`pulumi v${version.replace(/\./g, "\\.")} on PATH does not fit \\(>= 3\\.\\d+\\.\\d+, < 4\\.0\\.0\\)`));
    });

  it("ESIGN_PULUMI_VERSION (the current toolchain's CLI): only that exact version on PATH fits", () => {
    const fake = fakePulumi(path.join(tmp, "exact"), "3.260.0");
    assert.strictEqual(ensure(fake, { ESIGN_PULUMI_VERSION: "3.260.0" }).last, fake);
    const other = warmCache(cache, "3.261.0");
    const r = ensure(fake, { ESIGN_PULUMI_VERSION: "3.261.0" });
    assert.deepStrictEqual([r.code, r.last], [0, other], r.stderr);
  });

  it("ESIGN_FORCE_BUILD=1 skips PATH", () => {
    const fake = fakePulumi(path.join(tmp, "skipped"), "3.250.1");
    assert.strictEqual(ensure(fake, { ESIGN_FORCE_BUILD: "1" }).last, warm);
  });

  it("nothing fits and the Go on PATH is older than the pin: one line naming both ways out, exit 1", () => {
    fs.rmSync(path.join(cache, `pulumi-v${pins.pulumi}`), { recursive: true });
    const fakeGo = path.join(tmp, "old-go");
    executable(path.join(fakeGo, "go"), '[ "$1 $2" = "env GOVERSION" ] && echo go1.20.1');
    const r = runScript("ensure-pulumi", [], { PATH: `${fakeGo}:${PATH}`, ESIGN_CACHE_DIR: cache });
    assert.strictEqual(r.code, 1);
    assert.match(r.stderr, new RegExp(`Go 1\\.20\\.1 is older than ${pins.golang.replace(/\./g, "\\.")} \\(\\.tool-versions\\).*or put a pulumi >= 3\\.\\d+\\.\\d+ on PATH`));
  });
});

describe("toolchains: a pulumi-language-yaml on PATH is used when its version fits", () => {
  let tmp: string;
  let cache: string;
  let cli: string;
  const PATH = "/usr/bin:/bin";
  beforeEach(() => {
    tmp = tempDir("toolchains-yaml");
    cache = path.join(tmp, "cache");
    cli = path.join(tmp, "cli");
    fs.mkdirSync(cli);
    executable(path.join(cache, "pulumi-yaml-v1.25.0", "bin", "pulumi-language-yaml"), "exit 0");
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** A fake host on PATH and a fake `go version -m` reporting its module version. */
  const withHost = (version: string) => {
    const dir = path.join(tmp, `host-${version}`);
    executable(path.join(dir, "pulumi-language-yaml"), "exit 0");
    executable(path.join(dir, "go"), `[ "$1 $2" = "version -m" ] && printf '%s: go1.25\\n\\tmod\\tgithub.com/pulumi/pulumi-yaml\\tv${version}\\th1:x=\\n' "$3"`);
    return dir;
  };
  const ensure = (dir: string) => runScript("ensure-pulumi-yaml", [cli], { PATH: `${dir}:${PATH}`, ESIGN_CACHE_DIR: cache });

  it("v1.x at or above the pin: used", () => {
    const dir = withHost("1.27.0");
    const r = ensure(dir);
    assert.deepStrictEqual([r.code, r.last], [0, dir], r.stderr);
    assert.match(r.stderr, /using pulumi-language-yaml v1\.27\.0/);
  });

  it("older than the pin: the cached build instead", () => {
    const r = ensure(withHost("1.10.0"));
    assert.deepStrictEqual([r.code, r.last], [0, path.join(cache, "pulumi-yaml-v1.25.0", "bin")], r.stderr);
    assert.match(r.stderr, /pulumi-language-yaml v1\.10\.0 on PATH does not fit/);
  });
});

describe("toolchains: Go's checksum database stays on", () => {
  // Go turns the check off per module with these variables, or for all with GOSUMDB set to "off" or the go flag "insecure";
  // sum.golang.org is reached through the module proxy here (proxy.golang.org/sumdb/), so nothing needs them (D133).
  const off = new RegExp(["GONOSUM" + "DB", "GONOSUM" + "CHECK", "GOIN" + "SECURE", "GOPRI" + "VATE", "GOSUMDB\\s*[=:]\\s*[\"']?" + "off", "-in" + "secure\\b"].join("|"));
  const files = (dir: string): string[] =>
    fs.existsSync(path.join(repoRoot, dir))
      ? fs
          .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? (e.name === "node_modules" ? [] : files(path.join(dir, e.name))) : [path.join(dir, e.name)]))
      : [];

  it("no script, test, tool, workflow or doc turns it off for any module", () => {
    const scanned = [...files("scripts"), ...files("test"), ...files("tools"), ...files(".github"), ...files("docs"), "README.md", "package.json", ".tool-versions"];
    assert.ok(scanned.length > 100, `${scanned.length} files`);
    const found = scanned.filter((f) => off.test(fs.readFileSync(path.join(repoRoot, f), "utf8")));
    assert.deepStrictEqual(found, []);
  });
});

describe("toolchains: the scripts' Python packages are pinned", () => {
  it("every `pip install` in scripts/ names exact versions (==) or a path of this repository", () => {
    const specs: string[] = [];
    for (const name of fs.readdirSync(path.join(repoRoot, "scripts"))) {
      const file = path.join(repoRoot, "scripts", name);
      if (!fs.statSync(file).isFile()) continue;
      const code = fs
        .readFileSync(file, "utf8")
        .replace(/\\\n\s*/g, " ")
        .split("\n")
        .filter((l) => !l.trim().startsWith("#"))
        .join("\n");
      for (const m of code.matchAll(/pip install ([^\n]*)/g))
        for (const word of m[1].split("#")[0].split(/\s+/)) {
          const w = word.replace(/^["']|["']$/g, "");
          if (!w || w.startsWith("-") || w.startsWith("$") || w.startsWith(">") || w === "&&" || w === "||") continue;
          specs.push(`${name}: ${w}`);
        }
    }
    assert.ok(specs.length >= 5, specs.join("\n"));
    assert.deepStrictEqual(
      specs.filter((s) => !/==/.test(s)),
      [],
    );
  });
});
