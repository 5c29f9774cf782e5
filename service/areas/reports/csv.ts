/**
 * @module service/areas/reports/csv
 * Builds the report CSVs from the account's stored data:
 *   user_activity   one row per user (the account and its team members) with what each did
 *                   in the range (requests sent, templates and drafts created, faxes sent)
 *   document_status one row per signature request created in the range, with its status
 *   sms_activity    header only (the emulator sends no SMS)
 */
import type { Account } from "../../accounts/types";
import type { ServiceContext } from "../../kernel";
import { refreshExpiry, signatureRequests, type SignatureRequestRecord } from "../signature-requests/model";

export interface Range {
  from: number;
  to: number;
}

const cell = (v: unknown): string => {
  const s = v === null || v === undefined ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const toCsv = (rows: unknown[][]): string => rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

const iso = (t: number): string => new Date(t * 1000).toISOString();
const inRange = (t: unknown, r: Range): boolean => typeof t === "number" && t >= r.from && t <= r.to;

/** The account and everyone on its team. */
export function reportUsers(svc: ServiceContext, account: Account): Account[] {
  if (!account.team_id) return [account];
  return [account, ...svc.accounts.all().filter((a) => a.team_id === account.team_id && a.account_id !== account.account_id)];
}

function countBy<T extends Record<string, unknown>>(rows: T[], owner: keyof T, time: keyof T, id: string, r: Range): number {
  return rows.filter((x) => x[owner] === id && inRange(x[time], r)).length;
}

export function userActivityCsv(svc: ServiceContext, account: Account, r: Range): string {
  const requests = signatureRequests(svc.store).filter((s) => s.state === "sent") as unknown as Record<string, unknown>[];
  const tpls = svc.store.table<Record<string, unknown>>("templates").list();
  const drafts = svc.store.table<Record<string, unknown>>("unclaimed_drafts").list();
  const faxes = svc.store.table<Record<string, unknown>>("faxes").list();
  const rows: unknown[][] = [["account_id", "email_address", "role", "signature_requests_sent", "templates_created", "drafts_created", "faxes_sent", "last_activity"]];
  for (const u of reportUsers(svc, account)) {
    const times = [
      ...requests.filter((x) => x.account_id === u.account_id).map((x) => x.updated_at as number),
      ...tpls.filter((x) => x.owner_account_id === u.account_id).map((x) => x.created_at as number),
      ...drafts.filter((x) => x.account_id === u.account_id).map((x) => x.created_at as number),
      ...faxes.filter((x) => x.account_id === u.account_id).map((x) => x.created_at as number),
    ].filter((t) => inRange(t, r));
    rows.push([
      u.account_id,
      u.email_address,
      u.account_id === account.account_id ? "requester" : "team_member",
      countBy(requests, "account_id", "updated_at", u.account_id, r),
      countBy(tpls, "owner_account_id", "created_at", u.account_id, r),
      countBy(drafts, "account_id", "created_at", u.account_id, r),
      countBy(faxes, "account_id", "created_at", u.account_id, r),
      times.length ? iso(Math.max(...times)) : "",
    ]);
  }
  return toCsv(rows);
}

function statusOf(s: SignatureRequestRecord): string {
  if (s.is_complete) return "complete";
  if (s.is_declined) return "declined";
  if (s.state === "draft") return "draft";
  if (s.signatures.length && s.signatures.every((x) => x.status_code === "expired" || x.status_code === "signed")) return "expired";
  return "awaiting_signature";
}

export function documentStatusCsv(svc: ServiceContext, account: Account, r: Range): string {
  const users = new Set(reportUsers(svc, account).map((u) => u.account_id));
  const rows: unknown[][] = [["signature_request_id", "title", "sender_account_id", "sender_email_address", "created_at", "status", "signers", "signed", "test_mode"]];
  const list = signatureRequests(svc.store)
    .filter((s) => users.has(s.account_id) && inRange(s.created_at, r))
    .sort((a, b) => a.created_at - b.created_at);
  for (const s of list) {
    const rec = refreshExpiry(svc, s);
    rows.push([
      rec.signature_request_id,
      rec.title,
      rec.account_id,
      svc.accounts.byId(rec.account_id)?.email_address ?? "",
      iso(rec.created_at),
      statusOf(rec),
      rec.signatures.length,
      rec.signatures.filter((x) => x.status_code === "signed").length,
      rec.test_mode,
    ]);
  }
  return toCsv(rows);
}

export const smsActivityCsv = (): string => toCsv([["account_id", "email_address", "phone_number", "sent_at", "status"]]);
