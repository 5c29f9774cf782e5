/**
 * `up` removes no one the reviewed preview did not name (D139), through the real CLI and engine:
 * a TeamMemberSet's preview is saved as a plan (`pulumi preview --save-plan`); someone joins the
 * team before the merge; `pulumi up --plan` refuses the set (its removals differ from the plan's)
 * before removing anyone. A plain `up` at that point would remove the newcomer unseen: it plans
 * again. A plan saved with nobody joining after it is applied, removing exactly its names.
 */
import * as assert from "assert";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import { changes, localBackendEnv, pulumiBinDir, repoRoot, tearDownProject } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

describe("engine: up removes no one the reviewed preview did not name (saved plans)", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let dir: string;
  let stack: Stack;

  const people = async () => ((await api(svc).get("/team")).data.team.accounts as { email_address: string }[]).map((a) => a.email_address).sort();
  const join = async (email: string) => assert.ok((await api(svc).put("/team/add_member", { email_address: email })).status < 300, email);

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    assert.ok((await api(svc).post("/team/create", { name: "Acme" })).status < 300);
    await join("alice@example.com");
    dir = path.join(repoRoot, ".pulumi-local", `reviewed-plan-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: esign-reviewed-plan\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(dir, "index.js"), 'const esign = require("pulumi-esign");\nnew esign.TeamMemberSet("members", { members: ["alice@example.com"] });\n');
    const env = localBackendEnv(dir);
    const bin = pulumiBinDir();
    stack = await LocalWorkspace.createOrSelectStack({ stackName: "test", workDir: dir }, { pulumiCommand: await PulumiCommand.get({ root: path.dirname(bin) }), envVars: env });
    for (const [key, v] of Object.entries(svc.stackConfig())) await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
    assert.deepStrictEqual(changes((await stack.up()).summary), { create: 2 }); // the stack and the set
  });

  after(() => tearDownProject(stack, svc, dir));

  it("someone who joined after the reviewed preview: up --plan refuses before removing anyone", async () => {
    const me = (await api(svc).get("/account")).data.account.email_address as string;
    await join("bob@example.com");
    const plan = path.join(dir, "reviewed.json");
    const preview = await stack.preview({ diff: true, plan });
    assert.match(preview.stdout, /bob@example\.com/, "the review sees bob");
    assert.ok(fs.existsSync(plan), "the plan is saved");

    await join("carol@example.com"); // after the review, before the merge
    await assert.rejects(stack.up({ plan }), (e: Error) => {
      assert.match(e.message, /violates plan/);
      return true;
    });
    assert.deepStrictEqual(await people(), ["alice@example.com", "bob@example.com", "carol@example.com", me].sort(), "nobody was removed");

    // Reviewed again, with carol named: the plan is applied, and removes exactly its names.
    const again = path.join(dir, "reviewed-again.json");
    const second = await stack.preview({ diff: true, plan: again });
    assert.match(second.stdout, /carol@example\.com/);
    const up = await stack.up({ plan: again });
    assert.deepStrictEqual(changes(up.summary), { update: 1 });
    assert.deepStrictEqual(await people(), ["alice@example.com", me].sort());
  });
});
