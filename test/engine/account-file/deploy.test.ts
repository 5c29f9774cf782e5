/**
 * The account file through the real engine: the example deploys, an unchanged file and a
 * reordered file preview no change, edits preview exactly their diff, an invalid file fails
 * with its line, and `esign export` of a populated account followed by `up` writes nothing.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parseDocument } from "yaml";
import { EsignClient } from "../../../provider/client";
import { exportAccount } from "../../../provider/cli/export";
import { loadAccountFile } from "../../../provider/account-file";
import { stringify } from "yaml";
import { accountDir, accountProgram, editYaml, unprotectAll } from "../../support/account-file";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

describe("engine: the account file", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let work: ReturnType<typeof accountDir>;
  let dir: string;
  let file: string;

  const edit = (fn: (doc: ReturnType<typeof parseDocument>) => void) => editYaml(file, fn);
  const program = accountProgram;

  before(async () => {
    work = accountDir();
    ({ dir, file } = work);
    svc = await localService({ autoAcceptInvites: true });
    t = await newStack(
      "account-file",
      program(() => file),
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    // The example's fax line is protected (as every line is by default).
    if (t) await unprotectAll(t);
    await t?.dispose();
    await svc?.close();
    work?.dispose();
  });

  it("deploys the example file, then previews no change without requests", async () => {
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 12 }, "stack, team, 3 members, app, template, 2 accesses, line, 2 users");
    assert.match(up.outputs.faxLines.value.main, /^\+1415/);
    const seq = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
  });

  it("previews no change when the file is reordered", async () => {
    edit((doc) => {
      for (const key of ["members", "apiApps", "faxLines"]) {
        const seq = doc.get(key) as any;
        seq.items.reverse();
      }
      (doc.getIn(["apiApps", 0, "domains"]) as any).items.reverse();
      (doc.getIn(["templates", 0, "access"]) as any).items.reverse();
      (doc.getIn(["faxLines", 0, "users"]) as any).items.reverse();
    });
    await t.stack.preview({ expectNoChanges: true });
  });

  it("previews exactly an edit (a role, a new domain, a removed user) and applies it", async () => {
    edit((doc) => {
      const members = (doc.get("members") as any).items;
      const carol = members.find((m: any) => m.get("emailAddress") === "carol@acme.example");
      carol.set("role", "Developer");
      (doc.getIn(["apiApps", 0, "domains"]) as any).add("api.acme.example");
      const users = doc.getIn(["faxLines", 0, "users"]) as any;
      users.items = users.items.filter((u: any) => u.value !== "carol@acme.example");
    });
    const preview = await t.stack.preview();
    assert.deepStrictEqual(
      { update: preview.changeSummary.update, delete: preview.changeSummary.delete, create: preview.changeSummary.create, replace: preview.changeSummary.replace },
      { update: 2, delete: 1, create: undefined, replace: undefined },
    );
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { update: 2, delete: 1 });
    const clientId = up.outputs.apiApps.value.portal;
    assert.ok((await api(svc).get(`/api_app/${clientId}`)).data.api_app.domains.includes("api.acme.example"));
    const line = (await api(svc).get("/fax_line", { params: { number: up.outputs.faxLines.value.main } })).data.fax_line;
    assert.ok(!line.accounts.some((a: any) => a.email_address === "carol@acme.example"));
    await t.stack.preview({ expectNoChanges: true });
  });

  it("fails an invalid file at preview with its line and field", async () => {
    const good = fs.readFileSync(file, "utf8");
    edit((doc) =>
      doc.setIn(
        ["apiApps", 0, "domains"],
        Array.from({ length: 11 }, (_, i) => `d${i}.example.com`),
      ),
    );
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => /account\.yaml:\d+:\d+: apiApps\[0\]\.domains: at most 10 items/.test(e.message));
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    fs.writeFileSync(file, good);
  });

  it("exports the populated account, and the first up of the export writes nothing", async () => {
    const client = new EsignClient({ apiKey: svc.apiKey, baseUrl: svc.baseUrl, requestsPerMinute: 60_000 });
    const exported = path.join(dir, "exported.yaml");
    fs.writeFileSync(exported, stringify(await exportAccount(client)));
    const account = loadAccountFile(exported);
    assert.strictEqual(account.team?.adopt, true);
    assert.strictEqual(account.members?.length, 3);
    const other = await newStack(
      "account-export",
      program(() => exported),
      { config: svc.stackConfig() },
    );
    try {
      const seq = await svc.lastSeq();
      const up = await other.stack.up();
      const writes = (await svc.requestsSince(seq)).filter((r) => r.method !== "GET");
      assert.deepStrictEqual(writes, [], "adoption makes no write to the account");
      assert.ok(!up.summary.resourceChanges?.update && !up.summary.resourceChanges?.delete);
      await other.stack.preview({ expectNoChanges: true });
    } finally {
      // Leave the objects to the first stack: forget them here instead of destroying them.
      await other.stack.workspace.removeStack("test", { force: true });
    }
  });
});
