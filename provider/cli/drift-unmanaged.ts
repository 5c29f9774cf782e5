/**
 * The unmanaged part of the drift report (D101): every object of the account that no resource of
 * the stack manages (team members and open invitations, API apps, templates, fax lines) and the
 * grants on managed templates and fax lines that no resource declares. One read per kind and
 * parent: GET /account, GET /team (and GET /team/invites while someone is invited), the app,
 * template and fax line lists (templates and lines carry their accounts: no read per parent).
 *
 * The account that holds the key is never listed (nobody manages themselves); a template's owner
 * is not a grant (known by `is_creator`, not by its place in the list). Objects matching the `ignore` patterns of their collection are left out.
 */
import type { EsignClient } from "../client";
import { isGone } from "../client";
import { normalizeEmail } from "../core/compare";
import { firstMatch } from "../core/patterns";
import { scopeKey, type Collection } from "../core/collections";
import type { StateResource as StateRecord } from "../pulumi-state/export";
import { esignKind } from "../pulumi-state/type-token";
import { managedScope } from "../resources/define";
import { definitionOf } from "../resources/definitions";

export type { Collection };
export type IgnoreMap = Partial<Record<Collection, string[]>>;

/** What the next `up` does with an unmanaged object. */
export type UnmanagedAction = "nothing" | "removes it";

export interface UnmanagedEntry {
  collection: Collection;
  /** What it is, in words: "team member", "open invitation", "API app", ... */
  what: string;
  /** Its name: an e-mail address, an app's name, a template's title, a number. */
  name: string;
  /** The service's id when it is not the name (client id, template id, account id). */
  id?: string;
  /** Of a grant: the template or line it is on. */
  on?: string;
  /** Since when, where the service says: `created 2026-01-02`, `invited ...`, `updated ...`. */
  since?: string;
  action: UnmanagedAction;
}

/** What the stack manages, from its state: names by scope (`members`, `templates.access:<id>`: core/collections.ts). */
export type Managed = Map<string, Set<string>>;

/** A resource of the stack's state (pulumi-state/export.ts), or one the program declares: what the unmanaged section reads. */
export type StateResource = Pick<StateRecord, "type" | "inputs" | "outputs">;

/** What the stack's resources manage (their outputs, else their inputs): each kind's `manages` says what (resources/define.ts). */
export function managedOf(resources: StateResource[]): Managed {
  const m: Managed = new Map();
  for (const r of resources) {
    const manages = definitionOf(esignKind(r.type))?.manages;
    if (!manages) continue;
    const p = { ...(r.inputs ?? {}), ...(r.outputs ?? {}) };
    const scope = managedScope(manages, p);
    if (scope === undefined) continue;
    const set = m.get(scope) ?? new Set<string>();
    manages.names(p).forEach((n) => set.add(n));
    m.set(scope, set);
  }
  return m;
}

/** Whom the authoritative sets of the previewed run remove, by scope (`members`, `templates.access:<id>`). */
export type Removals = Map<string, Set<string>>;

const day = (seconds: number | null | undefined) => (typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined);
const known = (set: Set<string> | undefined, ...names: (string | null | undefined)[]) => names.some((n) => !!n && !!set?.has(n.includes("@") ? normalizeEmail(n)! : n));

/** Reads the account and lists what `managed` leaves out, less what `ignore` names; `removals` says what the next `up` removes. */
export async function unmanagedObjects(client: EsignClient, managed: Managed, ignore: IgnoreMap = {}, removals: Removals = new Map()): Promise<UnmanagedEntry[]> {
  const me = await client.account.get();
  const isMe = (accountId?: string | null, email?: string | null) => accountId === me.account_id || (!!email && normalizeEmail(email) === normalizeEmail(me.email_address));
  const out: UnmanagedEntry[] = [];
  const managedIn = (collection: Collection, parent?: string) => managed.get(scopeKey(collection, parent));
  /** `parent`: the template or line of a grant. */
  const push = (e: Omit<UnmanagedEntry, "action">, parent: string | undefined, names: (string | null | undefined)[]) => {
    if (firstMatch(ignore[e.collection], names)) return;
    const scope = scopeKey(e.collection, parent);
    const removed = known(removals.get(scope), ...names);
    out.push({ ...e, action: removed ? "removes it" : "nothing" });
  };

  // The team: its members (GET /team) and open invitations (GET /team/invites, only while someone is invited).
  let team: Awaited<ReturnType<EsignClient["team"]["get"]>> | undefined;
  try {
    team = await client.team.get();
  } catch (e) {
    if (!isGone(e)) throw e;
  }
  if (team) {
    for (const a of team.accounts ?? []) {
      if (isMe(a.account_id, a.email_address) || known(managedIn("members"), a.account_id, a.email_address)) continue;
      push({ collection: "members", what: "team member", name: normalizeEmail(a.email_address) ?? a.account_id, id: a.account_id }, undefined, [a.email_address, a.account_id]);
    }
    const invited = [...(team.invited_emails ?? []), ...(team.invited_accounts ?? []).map((a) => a.email_address ?? "")].filter(Boolean);
    if (invited.length) {
      const members = new Set((team.accounts ?? []).map((a) => normalizeEmail(a.email_address)));
      for (const invite of (await client.team.invites()).items) {
        if (invite.redeemed_at || members.has(normalizeEmail(invite.email_address)) || known(managedIn("members"), invite.email_address)) continue;
        const since = day(invite.sent_at);
        push({ collection: "members", what: "open invitation", name: normalizeEmail(invite.email_address)!, ...(since ? { since: `invited ${since}` } : {}) }, undefined, [invite.email_address]);
      }
    }
  }

  for await (const app of client.paginate(client.apiApp.list, {}, { pageSize: 100 })) {
    if (managedIn("apiApps")?.has(app.client_id)) continue;
    const since = day(app.created_at);
    push({ collection: "apiApps", what: "API app", name: app.name ?? app.client_id, id: app.client_id, ...(since ? { since: `created ${since}` } : {}) }, undefined, [app.name, app.client_id]);
  }

  for await (const t of client.paginate(client.template.list, {}, { pageSize: 100 })) {
    const title = t.title || t.template_id;
    if (!managedIn("templates")?.has(t.template_id)) {
      const since = day(t.updated_at);
      push({ collection: "templates", what: "template", name: title, id: t.template_id, ...(since ? { since: `updated ${since}` } : {}) }, undefined, [t.title, t.template_id]);
      continue;
    }
    // The owner is no grant. The service names it by identity only to the owner (`is_creator`: the key
    // holder, never listed); on a teammate's template it is one of the accounts, not told apart (D140).
    const what = t.is_creator === true ? "template user" : "template user or owner";
    for (const a of t.accounts ?? []) {
      if (isMe(a.account_id, a.email_address) || known(managedIn("templates.access", t.template_id), a.account_id, a.email_address)) continue;
      push({ collection: "templates.access", what, name: normalizeEmail(a.email_address) ?? a.account_id, id: a.account_id, on: `template ${title}` }, t.template_id, [a.email_address, a.account_id]);
    }
  }

  for await (const line of client.paginate(client.faxLine.list, {}, { pageSize: 100 })) {
    if (!managedIn("faxLines")?.has(line.number)) {
      const since = day(line.created_at);
      push({ collection: "faxLines", what: "fax line", name: line.number, ...(since ? { since: `created ${since}` } : {}) }, undefined, [line.number]);
      continue;
    }
    for (const a of line.accounts ?? []) {
      if (isMe(a.account_id, a.email_address) || known(managedIn("faxLines.users", line.number), a.account_id, a.email_address)) continue;
      push({ collection: "faxLines.users", what: "fax line user", name: normalizeEmail(a.email_address) ?? a.account_id, id: a.account_id, on: `fax line ${line.number}` }, line.number, [
        a.email_address,
        a.account_id,
      ]);
    }
  }
  return out;
}

/** The scope of an authoritative set's removals, from its type and its properties; undefined for any other resource. */
export function removalScope(type: string, props: Record<string, unknown>): string | undefined {
  const manages = definitionOf(esignKind(type))?.manages;
  return manages?.authoritative ? managedScope(manages, props) : undefined;
}

/** Whether a type is an authoritative set's, whose `removals` the unmanaged section reports (not as a property difference). */
export const isSetType = (type: string): boolean => definitionOf(esignKind(type))?.manages?.authoritative === true;
