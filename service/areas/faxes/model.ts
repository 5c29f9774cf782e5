/**
 * @module service/areas/faxes/model
 * The stored fax (table "faxes", keyed by fax_id) and its view. Transmission: a fax starts
 * `transmitting` and ends in `success` FAX_TRANSMIT_MS later (test_mode faxes at once);
 * the change is applied by a scheduled task and, so it also holds after a restart, lazily on read.
 */
import type { ServiceContext } from "../../kernel";
import type { Store } from "../../store/types";
import { serviceUrl } from "../signature-requests/documents";

export const FAX_TRANSMIT_MS = 250;

export interface FaxRecord {
  fax_id: string;
  account_id: string;
  title: string;
  original_title: string;
  subject: string | null;
  message: string | null;
  sender: string;
  recipient: string;
  test_mode: boolean;
  cover_page: { to: string | null; from: string | null; message: string | null } | null;
  documents: { name: string; page_count: number }[];
  status_code: "transmitting" | "success";
  /** When the transmission completes (ms). */
  completes_at_ms: number;
  sent_at: number | null;
  created_at: number;
}

export const faxes = (store: Store) => store.table<FaxRecord>("faxes");

/** Completes the transmission when its time has come; returns the (saved) record. */
export function settle(svc: ServiceContext, f: FaxRecord): FaxRecord {
  if (f.status_code === "transmitting" && svc.clock.nowMs() >= f.completes_at_ms) {
    f.status_code = "success";
    f.sent_at = Math.floor(f.completes_at_ms / 1000);
    faxes(svc.store).put(f.fax_id, f);
  }
  return f;
}

export function faxView(svc: ServiceContext, f: FaxRecord) {
  return {
    fax_id: f.fax_id,
    title: f.title,
    original_title: f.original_title,
    subject: f.subject,
    message: f.message,
    metadata: {},
    created_at: f.created_at,
    sender: f.sender,
    files_url: `${serviceUrl(svc)}/v3/fax/files/${f.fax_id}`,
    final_copy_uri: null,
    // sent_at is an integer in the spec: absent while transmitting.
    transmissions: [{ recipient: f.recipient, sender: f.sender, status_code: f.status_code, ...(f.sent_at === null ? {} : { sent_at: f.sent_at }) }],
  };
}
