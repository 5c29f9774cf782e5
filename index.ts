/**
 * The top-level program: manages a whole account from one declarative file.
 *
 *   esign:accountFile   path of the account file (default account.yaml)
 *   esign:apiKey        the API key (secret), or ESIGN_API_KEY
 *   esign:baseUrl       the service's base URL, or ESIGN_BASE_URL
 *
 * `npm run up` runs it against the local service (scripts/local). A bad file stops here with
 * `account.yaml:LINE:COL: field: rule` (a RunError: no stack trace), before any request.
 */
import * as pulumi from "@pulumi/pulumi";
import * as esign from "pulumi-esign";

const config = new pulumi.Config("esign");
const file = config.get("accountFile") ?? "account.yaml";
const deployed = esign.deployAccount(esign.loadAccountFile(file));

export const teamId = deployed.teamId;
export const members = deployed.members;
export const apiApps = deployed.apiApps;
/** App key -> OAuth secret: `pulumi stack output oauthSecrets --show-secrets`. */
export const oauthSecrets = pulumi.secret(deployed.oauthSecrets);
export const templates = deployed.templates;
export const faxLines = deployed.faxLines;
