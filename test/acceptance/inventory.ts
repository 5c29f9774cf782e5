/**
 * What the acceptance account holds, each object marked ours (made by an acceptance run: its
 * name, title or invitee's address carries the prefix, config.ts) or foreign; and the sweeper,
 * which removes the objects that are ours and nothing else (D86).
 *
 * Fax lines have no name: a line is ours when every one of its users' addresses is (a line a run
 * shares with anyone else's user is not wholly its own: it stays). A line bought by
 * a run that failed before adding its user is therefore foreign to the sweeper: it says so,
 * and the run's output names it (the fax scenario is opt-in: ESIGN_ACCEPTANCE_FAX=1).
 */
import { EsignApiError, EsignClient } from "../../provider/client";
import { isOurEmail, isOurName, type AcceptanceConfig } from "./config";

export type ObjectKind = "api_app" | "template" | "team" | "team_member" | "fax_line";

export interface AccountObject {
  kind: ObjectKind;
  /** What removes it: a client id, a template id, an address, a number. */
  id: string;
  /** How a person recognises it: a name, a title, an address. */
  label: string;
  ours: boolean;
  /** A fax line's users (besides the key's account): what makes it ours. */
  users?: string[];
}

export function accountClient(config: Pick<AcceptanceConfig, "baseUrl" | "apiKey">): EsignClient {
  return new EsignClient({ apiKey: config.apiKey, baseUrl: config.baseUrl, userAgent: "pulumi-esign-acceptance" });
}

const gone = (error: unknown) => error instanceof EsignApiError && error.status === 404;

export async function inventory(config: AcceptanceConfig): Promise<AccountObject[]> {
  const client = accountClient(config);
  const me = await client.account.get();
  const isMe = (email: unknown) => typeof email === "string" && email.toLowerCase() === String(me.email_address ?? "").toLowerCase();
  const objects: AccountObject[] = [];
  for (const app of await client.collectAll(client.apiApp.list, {})) {
    objects.push({ kind: "api_app", id: app.client_id, label: String(app.name), ours: isOurName(app.name) });
  }
  for (const template of await client.collectAll(client.template.list, {})) {
    objects.push({ kind: "template", id: String(template.template_id), label: String(template.title), ours: isOurName(template.title) });
  }
  const team = await client.team.get().catch((error) => {
    if (gone(error)) return undefined;
    throw error;
  });
  if (team) {
    objects.push({ kind: "team", id: String(team.name), label: String(team.name), ours: isOurName(team.name) });
    const emails = new Set<string>();
    for (const account of [...(team.accounts ?? []), ...(team.invited_accounts ?? [])]) {
      const email = (account as { email_address?: string }).email_address;
      if (email && !isMe(email)) emails.add(email);
    }
    for (const invite of (await client.team.invites()).items) if (!isMe(invite.email_address)) emails.add(invite.email_address);
    for (const email of emails) objects.push({ kind: "team_member", id: email, label: email, ours: isOurEmail(config, email) });
  }
  for (const line of await client.collectAll(client.faxLine.list, {})) {
    const users = (line.accounts ?? []).map((a) => a.email_address).filter((email): email is string => typeof email === "string" && !isMe(email));
    // Wholly ours: every user is a run's invitee (one foreign user makes the line someone else's too).
    objects.push({
      kind: "fax_line",
      id: line.number,
      label: `${line.number} (${users.join(", ") || "no users"})`,
      ours: users.length > 0 && users.every((email) => isOurEmail(config, email)),
      users,
    });
  }
  return objects;
}

export interface SweepResult {
  removed: AccountObject[];
  failed: { object: AccountObject; message: string }[];
  /** Foreign objects, untouched. */
  kept: AccountObject[];
}

/**
 * Removes every object of the account that an acceptance run made, and only those; with
 * `runPrefix`, only that run's (the end of a run cleans up after itself).
 */
export async function sweep(config: AcceptanceConfig, runPrefix?: string): Promise<SweepResult> {
  const client = accountClient(config);
  // With a run's prefix: only that run's; a fax line only when every user is that run's.
  const thisRun = (o: AccountObject) => (o.users ? o.users.every((u) => u.toLowerCase().includes(runPrefix!)) : o.label.toLowerCase().includes(runPrefix!));
  const objects = (await inventory(config)).map((o) => (runPrefix && !thisRun(o) ? { ...o, ours: false } : o));
  const result: SweepResult = { removed: [], failed: [], kept: objects.filter((o) => !o.ours) };
  const teamIsOurs = objects.some((o) => o.kind === "team" && o.ours);
  if (teamIsOurs) for (const o of objects) if (o.kind === "team_member") o.ours = true; // they leave with it
  const removers: Record<ObjectKind, (o: AccountObject) => Promise<unknown>> = {
    fax_line: (o) => client.faxLine.delete({ number: o.id }),
    template: (o) => client.template.delete(o.id),
    api_app: (o) => client.apiApp.delete(o.id),
    // Members of a team of ours leave with it; ours on a foreign team are removed one by one.
    team_member: (o) => (teamIsOurs ? Promise.resolve() : client.team.removeMember({ email_address: o.id })),
    team: () => client.team.destroy(),
  };
  const order: ObjectKind[] = ["fax_line", "template", "api_app", "team_member", "team"];
  for (const kind of order) {
    for (const object of objects.filter((o) => o.kind === kind && o.ours)) {
      try {
        await removers[kind](object);
        result.removed.push(object);
      } catch (error) {
        if (gone(error)) result.removed.push(object);
        else result.failed.push({ object, message: (error as Error).message });
      }
    }
  }
  return result;
}

export const describeObject = (o: AccountObject) => `${o.kind} ${o.label}`;
