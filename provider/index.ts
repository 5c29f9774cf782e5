/**
 * pulumi-esign: declarative resources for an electronic-signature account (Dropbox Sign v3).
 *
 *   import * as esign from "pulumi-esign";
 *   const team = new esign.Team("team", { name: "Ops" });
 *   new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: "alice@example.com", role: "Admin" });
 *
 * Credentials: ESIGN_API_KEY (kept out of state) or `pulumi config set esign:apiKey --secret`
 * (which the engine records, encrypted, as the default provider's inputs in state), and
 * `esign:baseUrl` (or ESIGN_BASE_URL), read at run time; no resource's state holds them.
 */
// One export per kind, generated from the definitions (schema/kind-files.ts).
export * from "./dynamic/named";
export * from "./dynamic/args"; // types only (plain `export *`: declaration files older TypeScript reads)
export { AccountFileError, deployAccount, loadAccountFile, parseAccountFile, type AccountFile } from "./account-file";
