/**
 * A user's program, run outside the repo on the current toolchain by
 * test/packaging/current-toolchain.test.ts: the account file, and each of the seven resource
 * classes used directly (the team only through the file: an account has one team).
 */
import * as path from "path";
import * as esign from "pulumi-esign";

const account = esign.deployAccount(esign.loadAccountFile(path.join(__dirname, "account.yaml")));

const dana = new esign.TeamMember("dana", { teamId: account.teamId, emailAddress: "dana@example.com", role: "Member" });
const app = new esign.ApiApp("direct-app", { name: "Direct app", domains: ["direct.example.com"] });
const template = new esign.Template("direct-template", {
  title: "Direct template",
  files: [path.join(__dirname, "files", "nda.pdf")],
  signerRoles: [{ name: "Signer" }],
  formFieldsPerDocument: [{ documentIndex: 0, apiId: "signer_signature", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 500, width: 200, height: 40 }],
});
new esign.TemplateAccess("direct-template:dana", { templateId: template.templateId, emailAddress: "dana@example.com", skipNotification: true }, { dependsOn: [dana] });
const line = new esign.FaxLine("direct-line", { areaCode: 212, country: "US", city: "New York" });
new esign.FaxLineUser("direct-line:dana", { number: line.number, emailAddress: "dana@example.com" }, { dependsOn: [dana] });

export const teamId = account.teamId;
export const members = account.members;
export const apiApps = account.apiApps;
export const templates = account.templates;
export const faxLines = account.faxLines;
export const danaStatus = dana.status;
export const directClientId = app.clientId;
export const directTemplateId = template.templateId;
export const directNumber = line.number;
