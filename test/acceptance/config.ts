/**
 * The acceptance run's settings, from the environment (docs/acceptance.md):
 *   ESIGN_ACCEPTANCE_BASE_URL   the API's base URL (https://api.hellosign.com/v3)
 *   ESIGN_ACCEPTANCE_API_KEY    the dedicated test account's API key
 *   ESIGN_ACCEPTANCE_EMAIL      invitees' addresses, `{tag}` replaced (default {tag}@example.com)
 *   ESIGN_ACCEPTANCE_FAX=1      also run the fax-line scenario (buys numbers: costs money)
 *   ESIGN_ACCEPTANCE_ALLOW_FOREIGN=1  start although the account holds objects the runs did not make
 *   ESIGN_ACCEPTANCE_RUN_ID     the run's id (default: time and random, base 36)
 * Every object a run makes is named `esign-acc-<runid>-...` and every invitee's address carries
 * that prefix as its tag: the sweeper and the foreign-object check go by it alone (D85).
 */
import { randomBytes } from "crypto";

/** What every acceptance run's names start with; the sweeper removes exactly these. */
export const PREFIX = "esign-acc-";
export const DEFAULT_EMAIL = "{tag}@example.com";

export interface AcceptanceConfig {
  baseUrl: string;
  apiKey: string;
  runId: string;
  /** `esign-acc-<runid>-` */
  runPrefix: string;
  emailTemplate: string;
  fax: boolean;
  allowForeign: boolean;
}

export function acceptanceConfig(env: NodeJS.ProcessEnv = process.env): AcceptanceConfig {
  const missing = ["ESIGN_ACCEPTANCE_BASE_URL", "ESIGN_ACCEPTANCE_API_KEY"].filter((name) => !env[name]);
  if (missing.length) throw new Error(`${missing.join(" and ")} must be set: the acceptance run needs a dedicated test account (docs/acceptance.md)`);
  const emailTemplate = env.ESIGN_ACCEPTANCE_EMAIL || DEFAULT_EMAIL;
  if (!/^[^@\s]*\{tag\}[^@\s]*@[^@\s]+\.[^@\s]+$/.test(emailTemplate)) {
    throw new Error(`ESIGN_ACCEPTANCE_EMAIL must be an address whose local part holds {tag} (e.g. ops+{tag}@example.com), got ${emailTemplate}`);
  }
  const runId = (env.ESIGN_ACCEPTANCE_RUN_ID || `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`).toLowerCase();
  if (!/^[a-z0-9]{1,16}$/.test(runId)) throw new Error(`ESIGN_ACCEPTANCE_RUN_ID must be 1 to 16 letters and digits, got ${runId}`);
  return {
    baseUrl: env.ESIGN_ACCEPTANCE_BASE_URL!.replace(/\/+$/, ""),
    apiKey: env.ESIGN_ACCEPTANCE_API_KEY!,
    runId,
    runPrefix: `${PREFIX}${runId}-`,
    emailTemplate,
    fax: env.ESIGN_ACCEPTANCE_FAX === "1",
    allowForeign: env.ESIGN_ACCEPTANCE_ALLOW_FOREIGN === "1",
  };
}

/** The address of invitee `tag` in run `runPrefix`: the template with {tag} = prefix + tag. */
export function emailFor(config: AcceptanceConfig, tag: string): string {
  return config.emailTemplate.replace("{tag}", `${config.runPrefix}${tag}`.toLowerCase());
}

/** Whether an address was made by an acceptance run (any run): its tag starts with the prefix. */
export function isOurEmail(config: Pick<AcceptanceConfig, "emailTemplate">, email: string): boolean {
  const [before, after] = config.emailTemplate.split("{tag}").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${before}${PREFIX}[a-z0-9-]+${after}$`, "i").test(email);
}

/** Whether a name (an app's, a template's title, the team's) was made by an acceptance run. */
export const isOurName = (name: unknown): boolean => typeof name === "string" && name.startsWith(PREFIX);
