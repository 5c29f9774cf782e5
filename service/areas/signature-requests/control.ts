/**
 * @module service/areas/signature-requests/control
 * Control-plane routes (no auth, under /_local/) that stand in for the web UI, so that
 * tests and demos have signature requests to edit, list and expire:
 *   POST  /_local/signature_requests        create a sent request
 *   PATCH /_local/signature_requests/{id}   set expires_at (any time, also the past), sign signatures
 * Mounted through the area's `controlRoutes` hook (service/http/types.ts Area).
 */
import { badRequest, notFound } from "../../http/errors";
import type { ServiceContext } from "../../kernel";
import type { ControlRoute } from "../../kernel";
import { ok } from "../../kernel";
import { createSignatureRequest, emitRequestEvent, refreshExpiry, signatureRequests, signatureRequestView, type SignerInput } from "./model";

const optString = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw badRequest(`${name} must be a string`, name);
  return v;
};

function optTime(v: unknown, name: string): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isInteger(n)) throw badRequest(`${name} must be an integer Unix time`, name);
  return n;
}

function signersOf(v: unknown): SignerInput[] {
  if (v === undefined) return [{ name: "Signer One", email_address: "signer1@example.com" }];
  if (!Array.isArray(v)) throw badRequest("signers must be an array", "signers");
  return v.map((s, i) => {
    const o = (s ?? {}) as Record<string, unknown>;
    const email = optString(o.email_address, `signers.${i}.email_address`);
    if (!email) throw badRequest("email_address is required", `signers.${i}.email_address`);
    return { name: optString(o.name, `signers.${i}.name`) ?? email, email_address: email, order: typeof o.order === "number" ? o.order : i };
  });
}

export function signatureRequestControlRoutes(svc: ServiceContext): ControlRoute[] {
  return [
    {
      method: "POST",
      path: "/signature_requests",
      summary: "Create a sent signature request {account_id?, title?, subject?, message?, metadata?, signers?, test_mode?, expires_at?, client_id?}",
      handler: ({ body }) => {
        const accountId = optString(body.account_id, "account_id");
        const account = accountId ? svc.accounts.byId(accountId) : svc.accounts.byApiKey(svc.options.apiKey);
        if (!account) throw notFound("Account not found", "account_id");
        const rec = createSignatureRequest(svc, {
          account,
          title: optString(body.title, "title"),
          subject: optString(body.subject, "subject"),
          message: optString(body.message, "message"),
          metadata: body.metadata,
          test_mode: body.test_mode === true || body.test_mode === "1" || body.test_mode === "true",
          client_id: optString(body.client_id, "client_id"),
          signers: signersOf(body.signers),
          expires_at: optTime(body.expires_at, "expires_at"),
          state: "sent",
          documents: [{ name: "document.pdf", page_count: 1, generated: false }],
        });
        return ok({ signature_request: signatureRequestView(svc, rec) }, 201);
      },
    },
    {
      method: "PATCH",
      path: "/signature_requests/{signature_request_id}",
      summary: "Change a signature request out of band {expires_at? (may be past), signed?: signature_id[] | \"all\"}",
      handler: ({ params, body }) => {
        const table = signatureRequests(svc.store);
        const rec = table.get(params.signature_request_id!);
        if (!rec) throw notFound("Signature request not found", "signature_request_id");
        const expires = optTime(body.expires_at, "expires_at");
        if (expires !== undefined) {
          rec.expires_at = expires;
          rec.expired_event_sent = false;
        }
        const signed = body.signed;
        if (signed !== undefined) {
          const ids = signed === "all" ? rec.signatures.map((s) => s.signature_id) : Array.isArray(signed) ? signed.map(String) : [];
          const newlySigned: string[] = [];
          for (const s of rec.signatures) {
            if (ids.includes(s.signature_id) && s.status_code === "awaiting_signature") {
              s.status_code = "signed";
              s.signed_at = svc.clock.now();
              newlySigned.push(s.signature_id);
            }
          }
          rec.is_complete = rec.signatures.length > 0 && rec.signatures.every((s) => s.status_code === "signed");
          table.put(rec.signature_request_id, rec);
          for (const id of newlySigned) emitRequestEvent(svc, rec, "signature_request_signed", id);
          if (newlySigned.length && rec.is_complete) emitRequestEvent(svc, rec, "signature_request_all_signed");
        }
        table.put(rec.signature_request_id, rec);
        return ok({ signature_request: signatureRequestView(svc, refreshExpiry(svc, rec)) });
      },
    },
  ];
}
