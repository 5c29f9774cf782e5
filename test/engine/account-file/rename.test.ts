/**
 * Explicit renames in the account file through the real engine: `previousKeys` on an app, a
 * template, a fax line and a member (switched from e-mail to account id, with the grants that
 * name them) previews as no change at all, applies nothing, keeps every object in the
 * service, and leaves a clean `preview --refresh --expect-no-changes`.
 */
import * as assert from "assert";
import { accountDir, accountProgram, editYaml, unprotectAll } from "../../support/account-file";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const FILE = `team:
  name: Ops
members:
  - emailAddress: alice@acme.example
    role: Admin
  - emailAddress: bob@acme.example
apiApps:
  - key: portal
    name: Customer portal
    domains: [portal.acme.example]
templates:
  - key: nda
    title: Mutual NDA
    files: [examples/files/nda.pdf]
    signerRoles: [{ name: Client }]
    formFieldsPerDocument: []
    access: [bob@acme.example]
faxLines:
  - key: main
    areaCode: 415
    country: US
    users: [bob@acme.example]
`;

describe("engine: renames in the account file (previousKeys)", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;
  let work: ReturnType<typeof accountDir>;

  before(async () => {
    work = accountDir(FILE);
    svc = await localService({ autoAcceptInvites: true });
    t = await newStack(
      "account-rename",
      accountProgram(() => work.file),
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    if (t) await unprotectAll(t);
    await t?.dispose();
    await svc?.close();
    work?.dispose();
  });

  it("keeps every renamed object: no change previewed or applied, nothing deleted in the service", async () => {
    const first = await t.stack.up();
    assert.deepStrictEqual(changes(first.summary), { create: 9 }, "stack, team, 2 members, app, template, access, line, user");
    const clientId = first.outputs.apiApps.value.portal;
    const templateId = first.outputs.templates.value.nda;
    const number = first.outputs.faxLines.value.main;
    const bob = (await t.resource("member:bob@acme.example")).accountId;
    assert.ok(bob, "bob has an account id");

    editYaml(work.file, (doc) => {
      doc.setIn(["apiApps", 0, "key"], "customer-portal");
      doc.setIn(["apiApps", 0, "previousKeys"], ["portal"]);
      doc.setIn(["templates", 0, "key"], "mutual-nda");
      doc.setIn(["templates", 0, "previousKeys"], ["nda"]);
      doc.setIn(["templates", 0, "access"], [bob]);
      doc.setIn(["faxLines", 0, "key"], "sf");
      doc.setIn(["faxLines", 0, "previousKeys"], ["main"]);
      doc.setIn(["faxLines", 0, "users"], [bob]);
      doc.deleteIn(["members", 1, "emailAddress"]);
      doc.setIn(["members", 1, "accountId"], bob);
      doc.setIn(["members", 1, "previousKeys"], ["bob@acme.example"]);
    });

    const seq = await svc.lastSeq();
    const preview = await t.stack.preview({ expectNoChanges: true });
    assert.strictEqual(preview.changeSummary.same, 9);
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "the preview of a rename makes no API call");

    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), {}, "a rename creates, updates and deletes nothing");
    const writes = (await svc.requestsSince(seq)).filter((r) => r.method !== "GET");
    assert.deepStrictEqual(writes, [], "no write reaches the service");
    assert.deepStrictEqual([up.outputs.apiApps.value["customer-portal"], up.outputs.templates.value["mutual-nda"], up.outputs.faxLines.value.sf], [clientId, templateId, number]);

    assert.strictEqual((await api(svc).get(`/api_app/${clientId}`)).status, 200, "the app is still there");
    const template = (await api(svc).get(`/template/${templateId}`)).data.template;
    assert.ok(
      template.accounts.some((a: any) => a.account_id === bob),
      "bob keeps template access",
    );
    const line = (await api(svc).get("/fax_line", { params: { number } })).data.fax_line;
    assert.ok(
      line.accounts.some((a: any) => a.account_id === bob),
      "bob keeps the fax line",
    );
    const team = (await api(svc).get("/team")).data.team;
    assert.ok(
      team.accounts.some((a: any) => a.account_id === bob),
      "bob is still on the team",
    );

    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });
});
