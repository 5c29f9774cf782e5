/**
 * A grant whose person already left is gone (D130), through the real engine: with
 * `authoritative: [members]`, a member dropped from the account file together with her
 * template access and her fax line use. The member set's update removes her from the team,
 * and the grants' removals then meet "<email> is not a member of your team" (fax line) or
 * "Account does not belong to your team." (template): each counts as done, whatever order the
 * engine runs the steps in, so `up` exits 0 and the next preview shows no change. The service
 * answers in its sparse response profile (fields left out or null, D129) throughout: after the
 * first `up`, `preview --expect-no-changes` passes although the app's options and white labeling,
 * the template's subject and its roles' order, and the team's invited_emails are not reported.
 */
import * as assert from "assert";
import * as fs from "fs";
import { accountDir, accountProgram, editYaml, unprotectAll } from "../../support/account-file";
import { newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const FILE = `team:
  name: Ops
authoritative: [members]
members:
  - emailAddress: alice@acme.example
    role: Admin
  - emailAddress: dana@acme.example
apiApps:
  - key: portal
    name: Portal
    domains: [portal.acme.example]
    options:
      canInsertEverywhere: true
    whiteLabelingOptions:
      primaryButtonColor: "#112233"
templates:
  - key: nda
    title: NDA
    subject: Please sign
    files: [examples/files/nda.pdf]
    signerRoles:
      - name: Client
        order: 0
    formFieldsPerDocument:
      - { documentIndex: 0, apiId: sig, name: Signature, type: signature, required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }
    access: [alice@acme.example, dana@acme.example]
faxLines:
  - key: main
    areaCode: 415
    country: US
    city: San Francisco
    protect: false
    users: [alice@acme.example, dana@acme.example]
`;

describe("engine: a member dropped with her grants under authoritative members", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack | undefined;
  let work: ReturnType<typeof accountDir>;

  before(async () => {
    svc = await localService({ autoAcceptInvites: true, templateProcessingMs: 0, responseProfile: "sparse" });
    work = accountDir(FILE);
  });
  after(async () => {
    try {
      if (t) {
        await unprotectAll(t);
        await t.dispose();
      }
    } finally {
      await svc?.close();
      work?.dispose();
    }
  });

  it("up exits 0: her template access and fax line use count as removed once she is off the team; a preview then shows no change", async () => {
    t = await newStack(
      "account-departed",
      accountProgram(() => work.file),
      { config: svc.stackConfig() },
    );
    const first = await t.stack.up();
    await t.stack.preview({ expectNoChanges: true });
    const number = first.outputs.faxLines.value.main;
    const templateId = first.outputs.templates.value.nda;
    const people = async () => ((await api(svc).get("/team")).data.team.accounts as { email_address: string }[]).map((a) => a.email_address).sort();
    assert.deepStrictEqual(await people(), ["alice@acme.example", "dana@acme.example", "dev@example.com"]);

    editYaml(work.file, (doc) => {
      doc.setIn(["members"], doc.createNode([{ emailAddress: "alice@acme.example", role: "Admin" }]));
      doc.setIn(["templates", 0, "access"], doc.createNode(["alice@acme.example"]));
      doc.setIn(["faxLines", 0, "users"], doc.createNode(["alice@acme.example"]));
    });
    const dropped = await t.stack.up();
    assert.strictEqual(dropped.summary.result, "succeeded");
    assert.deepStrictEqual(await people(), ["alice@acme.example", "dev@example.com"]);
    const template = (await api(svc).get(`/template/${templateId}`)).data.template;
    assert.ok(!JSON.stringify(template.accounts).includes("dana@"), "her template access is gone");
    assert.ok((await api(svc).get("/fax_line", { params: { number } })).status === 200);

    const preview = await t.stack.preview({ expectNoChanges: true });
    assert.strictEqual(
      preview.changeSummary.same,
      Object.values(preview.changeSummary).reduce((a, b) => a + b, 0),
      JSON.stringify(preview.changeSummary),
    );
    fs.writeFileSync(work.file, FILE); // leave the file as it was for the next reader
  });
});
