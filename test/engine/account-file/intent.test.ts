/**
 * Intent for the irreversible, through the real engine: a fax line is protected unless its
 * entry says otherwise (a change of `city`, which would replace the line and release its
 * number, and removing the entry are refused at preview, with no API call); `retainOnDelete`
 * keeps an object in the service when its entry leaves the file; an empty file is refused;
 * deployAccount() keeps the caller's options (dependsOn merged, per-entry options on top).
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { accountDir, accountProgram, editYaml, unprotectAll } from "../../support/account-file";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";
import { deployAccount, loadAccountFile } from "../../../provider/account-file";

const FILE = `apiApps:
  - key: portal
    name: Customer portal
    domains: [portal.acme.example]
    retainOnDelete: true
faxLines:
  - key: main
    areaCode: 415
    country: US
    city: San Francisco
`;

describe("engine: intent for the irreversible in the account file", function () {
  this.timeout(900_000);
  let svc: LocalService;
  const stacks: TestStack[] = [];
  const works: ReturnType<typeof accountDir>[] = [];

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
  });
  after(async () => {
    for (const t of stacks) {
      await unprotectAll(t);
      await t.dispose();
    }
    await svc?.close();
    for (const w of works) w.dispose();
  });

  it("refuses to replace or delete a fax line unless its entry drops protection; retains what retainOnDelete says", async () => {
    const work = accountDir(FILE);
    works.push(work);
    const t = await newStack(
      "account-intent",
      accountProgram(() => work.file),
      { config: svc.stackConfig() },
    );
    stacks.push(t);
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 3 });
    const number = up.outputs.faxLines.value.main;
    const clientId = up.outputs.apiApps.value.portal;
    const good = require("fs").readFileSync(work.file, "utf8");

    editYaml(work.file, (doc) => doc.setIn(["faxLines", 0, "city"], "Oakland"));
    let seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => /fax:main.*protect|protect.*fax:main/s.test(e.message));
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "refused before any request");

    editYaml(work.file, (doc) => doc.deleteIn(["faxLines"]));
    await assert.rejects(t.stack.up(), (e: Error) => /protect/.test(e.message));
    assert.strictEqual((await api(svc).get("/fax_line", { params: { number } })).status, 200, "the line is still there");

    // Dropping the protection is itself a reviewed change; once applied, the replace is allowed.
    require("fs").writeFileSync(work.file, good);
    editYaml(work.file, (doc) => doc.setIn(["faxLines", 0, "protect"], false));
    await t.stack.up();
    editYaml(work.file, (doc) => doc.setIn(["faxLines", 0, "city"], "Oakland"));
    seq = await svc.lastSeq();
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.replace, 1);
    assert.deepStrictEqual(await svc.requestsSince(seq), []);

    // retainOnDelete: the app leaves the stack, not the service.
    require("fs").writeFileSync(work.file, good);
    editYaml(work.file, (doc) => doc.deleteIn(["apiApps"]));
    const removed = await t.stack.up();
    assert.deepStrictEqual(changes(removed.summary), { delete: 1 });
    assert.strictEqual((await api(svc).get(`/api_app/${clientId}`)).status, 200, "the retained app is still in the service");
  });

  it("refuses an empty file at preview with no API call", async () => {
    const work = accountDir("# everything was removed by mistake\n");
    works.push(work);
    const t = await newStack(
      "account-empty",
      accountProgram(() => work.file),
      { config: svc.stackConfig() },
    );
    stacks.push(t);
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) =>
      /account\.yaml:1:1: \(file\): declares no object, so `pulumi up` would delete every object of the stack; add `allowDeleteAll: true`/.test(e.message),
    );
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
  });

  it("keeps the caller's options: dependsOn is merged, protect applies, entries override it", async () => {
    const work = accountDir(`team:\n  name: Ops\nmembers:\n  - emailAddress: dana@acme.example\napiApps:\n  - key: side\n    name: Side\n    domains: [side.acme.example]\n    protect: false\n`);
    works.push(work);
    const t = await newStack(
      "account-options",
      () => {
        const gate = new esign.ApiApp("gate", { name: "Gate", domains: ["gate.acme.example"] });
        deployAccount(loadAccountFile(work.file), { dependsOn: [gate], protect: true });
      },
      { config: svc.stackConfig() },
    );
    stacks.push(t);
    await t.stack.up();
    const resources = (await t.stack.exportStack()).deployment.resources as any[];
    const byName = (name: string) => resources.find((r) => r.urn.endsWith(`::${name}`));
    const gate = byName("gate").urn;
    const member = byName("member:dana@acme.example");
    assert.ok(member.dependencies.includes(gate), "the caller's dependsOn is kept");
    assert.ok(member.dependencies.includes(byName("team").urn), "beside the member's own dependency on the team");
    assert.strictEqual(byName("team").protect, true, "the caller's protect applies");
    assert.ok(!byName("app:side").protect, "the entry's protect: false wins");
  });
});
