/**
 * Two templates made from local PDFs, each shared with teammates. Template access needs
 * people who are on the caller's team; on the local service scripts/example puts the people
 * of seed.json there first (examples/local-seed.ts).
 */
import * as path from "path";
import * as esign from "pulumi-esign";

// Absolute paths: the provider reads the files, and diffs them by content.
const file = (name: string) => path.join(__dirname, "..", "files", name);

const nda = new esign.Template("nda", {
  title: "Mutual NDA",
  subject: "Please sign the NDA",
  message: "Our standard mutual non-disclosure agreement.",
  files: [file("nda.pdf")],
  signerRoles: [
    { name: "Client", order: 0 },
    { name: "Company", order: 1 },
  ],
  ccRoles: ["Legal"],
  formFieldsPerDocument: [
    { documentIndex: 0, apiId: "client_signature", name: "Client signature", type: "signature", required: true, signer: 0, page: 2, x: 100, y: 600, width: 200, height: 40 },
    { documentIndex: 0, apiId: "company_signature", name: "Company signature", type: "signature", required: true, signer: 1, page: 2, x: 320, y: 600, width: 200, height: 40 },
  ],
});

const offer = new esign.Template("offer-letter", {
  title: "Offer letter",
  files: [file("offer-letter.pdf")],
  signerRoles: [{ name: "Candidate" }],
  mergeFields: [{ name: "salary", type: "text" }],
  formFieldsPerDocument: [
    { documentIndex: 0, apiId: "candidate_signature", name: "Candidate signature", type: "signature", required: true, signer: 0, page: 1, x: 72, y: 560, width: 200, height: 40 },
    { documentIndex: 0, apiId: "signed_on", type: "date_signed", required: true, signer: 0, page: 1, x: 300, y: 560, width: 120, height: 20 },
  ],
});

// Who may use each template (teammates, by e-mail).
const access: [esign.Template, string, string[]][] = [
  [nda, "nda", ["alice@example.com", "bob@example.com"]],
  [offer, "offer-letter", ["alice@example.com"]],
];
for (const [template, key, people] of access) {
  for (const emailAddress of people) {
    new esign.TemplateAccess(`${key}:access:${emailAddress}`, { templateId: template.templateId, emailAddress, skipNotification: true });
  }
}

export const ndaTemplateId = nda.templateId;
export const offerLetterTemplateId = offer.templateId;
