/** Inputs shared by the fast-tier suites: a template made from the examples' PDFs. */
import * as path from "path";
import { repoRoot } from "../../engine/support/engine";

export const examplePdf = (name: string) => path.join(repoRoot, "examples", "files", name);

export const signatureField = { documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 };

/** A two-page NDA with one signer role and one signature field. */
export const ndaTemplate = (over: Record<string, unknown> = {}) => ({
  title: "NDA",
  files: [examplePdf("nda.pdf")],
  signerRoles: [{ name: "Client", order: 0 }],
  formFieldsPerDocument: [signatureField],
  ...over,
});
