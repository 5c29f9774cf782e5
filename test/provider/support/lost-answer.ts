/**
 * Lost answers at the fast tier: the local service commits a write, then loses its answer
 * (`after: true`): either it closes the connection (`drop`) or it answers a 5xx. The provider
 * must end the step with exactly what the program declares (DECISIONS D90).
 */
import type { ProviderHarness, Props } from "./harness";

export type Loss = "dropped" | "503";
export const LOSSES: readonly Loss[] = ["dropped", "503"];

/** The next matching request is committed, then its answer is lost as `loss` says. */
export async function loseNextAnswer(h: ProviderHarness, method: string, path: string, loss: Loss): Promise<void> {
  const how = loss === "dropped" ? { drop: true } : { status: 503 };
  const r = await h.control("POST", "/faults", { method, path, after: true, count: 1, ...how });
  if (r.status !== 201) throw new Error(`fault rule refused: ${JSON.stringify(r.body)}`);
}

/** Whether every lost answer set up so far was actually lost (a rule not hit proves nothing). */
export async function allLost(h: ProviderHarness): Promise<boolean> {
  const rules: Props[] = (await h.control("GET", "/faults")).body.faults;
  return rules.every((r) => r.hits > 0);
}

/** The rows of one of the service's tables (the control plane: no faults, no account filter). */
export async function rows(h: ProviderHarness, table: string): Promise<Props[]> {
  return Object.values((await h.control("GET", "/state")).body[table] ?? {});
}

/** E-mails the service sent to `to` of `kind` (team_invite, template_shared, ...). */
export async function mails(h: ProviderHarness, to: string, kind: string): Promise<number> {
  const emails: Props[] = (await h.control("GET", `/outbox?to=${encodeURIComponent(to)}&kind=${kind}`)).body.emails;
  return emails.length;
}

/** An account id by e-mail address. */
export async function accountIdOf(h: ProviderHarness, email: string): Promise<string> {
  const accounts: Props[] = (await h.control("GET", "/accounts")).body.accounts;
  const found = accounts.find((a) => a.email_address === email);
  if (!found) throw new Error(`no account ${email}`);
  return found.account_id;
}
