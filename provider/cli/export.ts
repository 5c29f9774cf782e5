/**
 * `esign export`: reads an existing account through the client and writes the account file,
 * marked for adoption, so the first `pulumi up` on that account creates, changes and deletes
 * nothing: the team is adopted (`adopt: true`), apps, templates and fax lines by id, and
 * memberships, template access and fax line users silently.
 *
 * The caller's own account is left out of members and users: managing it would let a
 * later `up` remove the caller from its own team. What the file cannot manage (a teammate's API
 * app) goes to `ignore`, so the first `esign drift` after the first `up` is clean (D103).
 */
import { EsignClient, isGone } from "../client";
import { normalizeEmail } from "../core/compare";
import { fromWire } from "../core/naming";
import type { AccountFile } from "../account-file/schema";

/** What one read of the account gives: the account file, and the ids `pulumi import` needs besides (import-file.ts). */
export interface AccountRead {
  file: AccountFile;
  teamId?: string;
  /** A person's e-mail (normalized) -> account id, for everyone the read saw with both. */
  accountIds: Map<string, string>;
}

function notePerson(read: AccountRead, email: string | null | undefined, accountId: string | null | undefined): void {
  const key = normalizeEmail(email);
  if (key && accountId) read.accountIds.set(key, accountId);
}

const PAGE = { pageSize: 100 };

function slug(text: string, fallback: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return s || fallback;
}

function uniqueKey(base: string, used: Set<string>): string {
  let key = base;
  for (let i = 2; used.has(key); i++) key = `${base}-${i}`;
  used.add(key);
  return key;
}

async function exportTeam(client: EsignClient, me: string, read: AccountRead): Promise<void> {
  const { file } = read;
  try {
    const team = await client.team.get();
    file.team = { name: team.name ?? undefined, adopt: true };
  } catch (e) {
    if (isGone(e)) return; // no team (an envelope 404; a proxy's 404 page is an error)
    throw e;
  }
  const { team_id } = await client.team.info();
  read.teamId = team_id;
  const members: NonNullable<AccountFile["members"]> = [];
  for await (const m of client.paginate(client.team.members, { team_id }, PAGE)) {
    if (m.account_id === me) continue;
    notePerson(read, m.email_address, m.account_id);
    members.push({ emailAddress: normalizeEmail(m.email_address) ?? undefined, role: m.role ?? undefined });
  }
  for (const invite of (await client.team.invites()).items) {
    if (invite.redeemed_at || (invite.team_id && invite.team_id !== team_id)) continue;
    if (members.some((m) => m.emailAddress === normalizeEmail(invite.email_address))) continue;
    members.push({ emailAddress: normalizeEmail(invite.email_address), role: invite.role ?? undefined });
  }
  file.members = members;
}

async function exportApps(client: EsignClient, me: string, file: AccountFile): Promise<void> {
  const used = new Set<string>();
  const apps: NonNullable<AccountFile["apiApps"]> = [];
  const others: string[] = [];
  for await (const app of client.paginate(client.apiApp.list, {}, PAGE)) {
    // A teammate's app: only its owner may change it, so it is listed as known and unmanaged.
    if (app.owner_account?.account_id && app.owner_account.account_id !== me) {
      others.push(app.client_id);
      continue;
    }
    apps.push({
      key: uniqueKey(slug(app.name ?? "", app.client_id), used),
      clientId: app.client_id,
      name: app.name ?? "",
      domains: app.domains ?? [],
      ...(app.callback_url ? { callbackUrl: app.callback_url } : {}),
      ...(app.oauth ? { oauth: { callbackUrl: app.oauth.callback_url ?? "", scopes: app.oauth.scopes ?? [] } } : {}),
      ...(app.options?.can_insert_everywhere ? { options: { canInsertEverywhere: true } } : {}),
      ...(app.white_labeling_options ? { whiteLabelingOptions: fromWire(app.white_labeling_options) } : {}),
    });
  }
  if (apps.length) file.apiApps = apps;
  if (others.length) file.ignore = { ...file.ignore, apiApps: others };
}

async function exportTemplates(client: EsignClient, me: string, read: AccountRead): Promise<void> {
  const { file } = read;
  const used = new Set<string>();
  const templates: NonNullable<AccountFile["templates"]> = [];
  for await (const t of client.paginate(client.template.list, {}, PAGE)) {
    const others = (t.accounts ?? []).filter((a) => a.account_id !== me);
    for (const a of others) notePerson(read, a.email_address, a.account_id);
    const access = others.map((a) => normalizeEmail(a.email_address) ?? a.account_id);
    templates.push({
      key: uniqueKey(slug(t.title ?? "", t.template_id.slice(0, 8)), used),
      templateId: t.template_id,
      ...(t.title ? { title: t.title } : {}),
      ...(typeof t.subject === "string" && t.subject ? { subject: t.subject } : {}),
      ...(t.message ? { message: t.message } : {}),
      signerRoles: (t.signer_roles ?? []).map((r) => (r.order == null ? { name: r.name } : { name: r.name, order: r.order })),
      ...(t.cc_roles?.length ? { ccRoles: t.cc_roles.map((r) => r.name) } : {}),
      ...(access.length ? { access } : {}),
    });
  }
  if (templates.length) file.templates = templates;
}

async function exportFaxLines(client: EsignClient, me: string, read: AccountRead): Promise<void> {
  const { file } = read;
  const lines: NonNullable<AccountFile["faxLines"]> = [];
  for await (const line of client.paginate(client.faxLine.list, {}, PAGE)) {
    const others = (line.accounts ?? []).filter((a) => a.account_id !== me);
    for (const a of others) notePerson(read, a.email_address, a.account_id);
    const users = others.map((a) => normalizeEmail(a.email_address) ?? a.account_id);
    lines.push({ key: `line-${line.number.replace(/\D/g, "")}`, number: line.number, ...(users.length ? { users } : {}) });
  }
  if (lines.length) file.faxLines = lines;
}

/** The account read once: as an account file, every object marked for adoption, with the ids beside it. */
export async function readAccount(client: EsignClient): Promise<AccountRead> {
  const me = (await client.account.get()).account_id;
  const read: AccountRead = { file: {}, accountIds: new Map() };
  await exportTeam(client, me, read);
  await exportApps(client, me, read.file);
  await exportTemplates(client, me, read);
  await exportFaxLines(client, me, read);
  return read;
}

/** The account as an account file, every object marked for adoption. */
export async function exportAccount(client: EsignClient): Promise<AccountFile> {
  return (await readAccount(client)).file;
}
