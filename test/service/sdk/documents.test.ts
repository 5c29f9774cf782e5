/**
 * The official SDK (@dropbox/sign) as a real client of the local service: template,
 * embedded, signature_request and unclaimed_draft calls (multipart uploads as the SDK encodes
 * them) succeed, and the SDK's models carry the service's data.
 */
import assert from "node:assert/strict";
import { UnclaimedDraftCreateRequest, type SubFormFieldsPerDocumentBase } from "@dropbox/sign";
import type { RunningService } from "../../../service";
import { makePdf } from "../../support/pdf";
import { Api, startForTest, waitFor } from "../support/api";
import { officialSdk, sdkCall, sdkFile, type OfficialSdk } from "./official-sdk";

const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Agreement" }] }] });
const signatureField = (signer: string): SubFormFieldsPerDocumentBase => ({
  documentIndex: 0, apiId: "sig1", type: "signature", x: 100, y: 100, width: 120, height: 30, required: true, signer, page: 1,
});

describe("official SDK against the local service: template, embedded, signature_request, unclaimed_draft", () => {
  let svc: RunningService;
  let api: Api;
  let sdk: OfficialSdk;
  let clientId: string;
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "enterprise" }));
    sdk = officialSdk(svc);
    clientId = await api.newApp();
  });
  after(() => svc.close());

  /** A processed template made with the SDK, with a signer role "Client" and a CC role "Accounting". */
  async function sdkTemplate(title: string): Promise<string> {
    const created = await sdkCall("templateCreate", sdk.template.templateCreate({
      files: [sdkFile(pdf, "nda.pdf")], title, signerRoles: [{ name: "Client", order: 0 }], ccRoles: ["Accounting"],
      formFieldsPerDocument: [signatureField("Client")], metadata: { team: "legal" },
    }));
    const id = created.body.template.templateId!;
    await waitFor(async () => (await api.get(`/template/files_as_file_url/${id}`)).status === 200, 5000, "template processed");
    return id;
  }

  it("template and embedded: create, get, list, users, update_files, embedded draft and edit URL, delete", async () => {
    const id = await sdkTemplate("NDA");
    const got = (await sdkCall("templateGet", sdk.template.templateGet(id))).body.template;
    assert.equal(got.title, "NDA");
    assert.deepEqual(got.signerRoles?.map((r) => r.name), ["Client"]);
    assert.deepEqual(got.ccRoles?.map((r) => r.name), ["Accounting"]);
    // The service adds its two keys, as recorded (S2 list_templates.yaml).
    assert.deepEqual(got.metadata, { team: "legal", sent_from_domain: "app.hellosign.com", created_on_domain: "app.hellosign.com" });
    assert.equal(got.documents?.[0].formFields?.[0].apiId, "sig1");
    assert.equal(got.documents?.[0].formFields?.[0].type, "signature");
    const me = got.accounts?.find((a) => a.accountId === svc.accountId);
    assert.equal(typeof me?.quotas?.apiSignatureRequestsLeft, "number");
    // Unlimited is null, as recorded in template accounts (S1, S5 template.json); the SDK reads it.
    assert.strictEqual(me?.quotas?.templatesLeft, null, "unlimited: null");

    const list = (await sdkCall("templateList", sdk.template.templateList(undefined, 1, 20))).body;
    assert.deepEqual(list.templates.map((t) => t.templateId), [id]);

    const mate = await api.newAccount({ email_address: "tm@example.com" });
    await api.post("/team/create", {});
    await api.put("/team/add_member", { account_id: mate.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "tm@example.com" });
    const shared = (await sdkCall("templateAddUser", sdk.template.templateAddUser(id, { accountId: mate.account_id }))).body.template;
    assert.ok(shared.accounts?.some((a) => a.accountId === mate.account_id));
    const unshared = (await sdkCall("templateRemoveUser", sdk.template.templateRemoveUser(id, { accountId: mate.account_id }))).body.template;
    assert.ok(!unshared.accounts?.some((a) => a.accountId === mate.account_id));

    const file = (await sdkCall("templateFilesAsFileUrl", sdk.template.templateFilesAsFileUrl(id))).body;
    assert.match(file.fileUrl, /^http/);
    const updated = (await sdkCall("templateUpdateFiles", sdk.template.templateUpdateFiles(id, { files: [sdkFile(pdf, "nda-v2.pdf")] }))).body.template;
    assert.ok(updated.templateId && updated.templateId !== id, "update_files makes a new template");

    const draft = (await sdkCall("templateCreateEmbeddedDraft", sdk.template.templateCreateEmbeddedDraft({
      clientId, files: [sdkFile(pdf)], signerRoles: [{ name: "Signer" }], testMode: true, // a new app is not approved
    }))).body.template;
    assert.match(draft.editUrl ?? "", /^http/);
    const edit = (await sdkCall("embeddedEditUrl", sdk.embedded.embeddedEditUrl(draft.templateId!, {}))).body.embedded;
    assert.match(edit.editUrl ?? "", /^http/);
    assert.equal(typeof edit.expiresAt, "number");

    await sdkCall("templateDelete", sdk.template.templateDelete(id));
    assert.equal((await api.get(`/template/${id}`)).status, 404);
  });

  it("signature_request: edit (multipart, as the SDK sends it), get and list", async () => {
    const sent = await api.seedRequest();
    const id = sent.signature_request_id as string;
    const edited = (await sdkCall("signatureRequestEdit", sdk.signatureRequest.signatureRequestEdit(id, {
      files: [sdkFile(pdf)], title: "Lease", signers: [{ name: "Ann", emailAddress: "ann@example.com", order: 0 }],
      metadata: { ref: "42" }, testMode: true,
    }))).body.signatureRequest;
    assert.equal(edited.title, "Lease");
    assert.deepEqual(edited.signatures?.map((s) => [s.signerName, s.signerEmailAddress, s.statusCode]), [["Ann", "ann@example.com", "awaiting_signature"]]);
    assert.deepEqual(edited.metadata, { ref: "42" });
    const got = (await sdkCall("signatureRequestGet", sdk.signatureRequest.signatureRequestGet(id))).body.signatureRequest;
    assert.equal(got.signatureRequestId, id);
    assert.equal(got.isComplete, false);
    const list = (await sdkCall("signatureRequestList", sdk.signatureRequest.signatureRequestList(undefined, 1, 20))).body;
    assert.ok(list.signatureRequests.some((r) => r.signatureRequestId === id));
    assert.equal(typeof list.listInfo.numPages, "number");
  });

  it("unclaimed_draft: create, create_embedded, create_embedded_with_template and edit_and_resend", async () => {
    const plain = (await sdkCall("unclaimedDraftCreate", sdk.unclaimedDraft.unclaimedDraftCreate({
      type: UnclaimedDraftCreateRequest.TypeEnum.SendDocument, files: [sdkFile(pdf)], testMode: true,
    }))).body.unclaimedDraft;
    assert.match(plain.claimUrl ?? "", /^http/);
    const embedded = (await sdkCall("unclaimedDraftCreateEmbedded", sdk.unclaimedDraft.unclaimedDraftCreateEmbedded({
      clientId, requesterEmailAddress: "req@example.com", files: [sdkFile(pdf)], testMode: true,
    }))).body.unclaimedDraft;
    assert.match(embedded.claimUrl ?? "", /^http/);
    assert.equal(embedded.testMode, true);

    // The spec requires only client_id, requester_email_address and template_ids: no files.
    const templateId = await sdkTemplate("Offer");
    const fromTemplate = (await sdkCall("unclaimedDraftCreateEmbeddedWithTemplate", sdk.unclaimedDraft.unclaimedDraftCreateEmbeddedWithTemplate({
      clientId, requesterEmailAddress: "req@example.com", templateIds: [templateId],
      signers: [{ role: "Client", name: "George", emailAddress: "george@example.com" }],
      ccs: [{ role: "Accounting", emailAddress: "accounting@example.com" }], testMode: true,
    }))).body.unclaimedDraft;
    assert.match(fromTemplate.signatureRequestId ?? "", /^[0-9a-f]{40}$/);

    const resent = (await sdkCall("unclaimedDraftEditAndResend", sdk.unclaimedDraft.unclaimedDraftEditAndResend(embedded.signatureRequestId!, { clientId }))).body.unclaimedDraft;
    assert.match(resent.claimUrl ?? "", /^http/);
    assert.notEqual(resent.signatureRequestId, embedded.signatureRequestId);
  });
});
