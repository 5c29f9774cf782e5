/**
 * A release only from a commit on main (scripts/release-support/on-main, the release workflow's
 * first job; D133): a tag on main's history passes, a tag on a branch that never reached main is
 * refused in one line, in a real git repository with an origin/main as the workflow's checkout has.
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const onMain = path.resolve(__dirname, "..", "..", "scripts", "release-support", "on-main");

describe("release: only a tag on main", () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo, encoding: "utf8" }).trim();
  const check = (...args: string[]) => spawnSync(onMain, args, { cwd: repo, encoding: "utf8" });

  before(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "esign-on-main-"));
    git("init", "--quiet", "--initial-branch", "main");
    git("commit", "--quiet", "--allow-empty", "-m", "one");
    git("tag", "v0.1.0");
    git("commit", "--quiet", "--allow-empty", "-m", "two");
    // origin/main as actions/checkout with fetch-depth: 0 leaves it.
    git("update-ref", "refs/remotes/origin/main", "main");
    git("checkout", "--quiet", "-b", "side", "v0.1.0");
    git("commit", "--quiet", "--allow-empty", "-m", "never merged");
    git("tag", "v0.2.0");
  });
  after(() => fs.rmSync(repo, { recursive: true, force: true }));

  it("a tag whose commit is on origin/main passes (main's head, or an older commit of it)", () => {
    for (const ref of ["v0.1.0", "main"]) {
      const r = check(git("rev-parse", ref), "origin/main");
      assert.strictEqual(r.status, 0, r.stderr);
      assert.match(r.stderr, /^on-main: [0-9a-f]{40} \([0-9a-f]{40}\) is on origin\/main\n$/);
    }
  });

  it("a tag on a branch that never reached main is refused in one line", () => {
    const sha = git("rev-parse", "v0.2.0");
    const r = check(sha, "origin/main");
    assert.strictEqual(r.status, 1);
    assert.strictEqual(r.stderr, `on-main: ${sha} (${sha}) is not on origin/main: a release is made only from a commit on main\n`);
  });

  it("without origin/main to compare with, it refuses rather than passes", () => {
    const r = check("v0.1.0", "origin/nope");
    assert.strictEqual(r.status, 1);
    assert.match(r.stderr, /^on-main: no origin\/nope here to compare with/);
  });
});
