/**
 * The stand-in CI job of docs/gitops.md, as written there, on the repo's own account.yaml:
 * its `pulumi` steps (stack init, up, no-change preview, unprotect, destroy) run in order
 * through the real CLI against a local service WITHOUT --auto-accept-invites, as the real
 * service behaves: the members are only invited, so their grants must pend, not fail.
 * Every step must exit 0, and destroy must leave the account empty.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { topLevelStack, TopLevelStack } from "../../support/account-file";
import { repoRoot } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

/** The stand-in job's pulumi commands, from the GitHub Actions example in docs/gitops.md. */
function standInSteps(): string[][] {
  const doc = fs.readFileSync(path.join(repoRoot, "docs", "gitops.md"), "utf8");
  const workflow = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1])).find((w) => w?.jobs?.["stand-in"]);
  assert.ok(workflow, "docs/gitops.md has a workflow with a stand-in job");
  const script: string = workflow.jobs["stand-in"].steps.map((s: { run?: string }) => s.run ?? "").find((run: string) => /pulumi up/.test(run));
  return script
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("pulumi "))
    .map((l) => l.split(/\s+/).slice(1));
}

describe("engine: the stand-in CI job of docs/gitops.md on the repo's account.yaml", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let stack: TopLevelStack;

  before(async () => {
    svc = await localService();
    stack = await topLevelStack(svc);
  });
  after(async () => {
    await stack?.remove();
    await svc?.close();
  });

  it("runs up, a no-change preview and destroy, each exiting 0", async () => {
    const steps = standInSteps();
    assert.deepStrictEqual(
      steps.map((s) => s.slice(0, 2).join(" ")),
      ["stack init", "up --yes", "preview --expect-no-changes", "state unprotect", "destroy --yes"],
    );
    for (const step of steps) {
      // The job's stack name, made unique: its Pulumi.<stack>.yaml lands in the repo root.
      const args = step[0] === "stack" && step[1] === "init" ? ["stack", "init", stack.name] : step;
      const r = await stack.run(...args);
      assert.strictEqual(r.code, 0, `pulumi ${step.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
      if (step[0] === "up") assert.match(r.stdout + r.stderr, /pending/i, "the grants for invited people are reported as pending");
    }
    const apps = (await api(svc).get("/api_app/list")).data.api_apps;
    const templates = (await api(svc).get("/template/list")).data.templates;
    const lines = (await api(svc).get("/fax_line/list")).data.fax_lines;
    assert.deepStrictEqual([apps.length, templates.length, lines.length], [0, 0, 0], "destroy leaves nothing behind");
  });
});
