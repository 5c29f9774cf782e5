/**
 * @module service/areas/unclaimed-drafts/control
 * Control-plane stand-ins for what a person does on the page a claim opens:
 *   GET  /_local/unclaimed_drafts                  drafts with token, kind and claim state
 *   POST /_local/unclaimed_drafts/{token}/send     the claimer presses "Send" on the prepare page
 * Sending uses the draft owner's signature request quota (drafts themselves use none) and
 * emits signature_request_sent; with hold_request the request is sent on hold.
 */
import { conflict, notFound } from "../../http/errors";
import type { ServiceContext } from "../../kernel";
import type { ControlRoute } from "../../kernel";
import { ok } from "../../kernel";
import { createSignatureRequest, emitRequestEvent, newSignatures, signatureRequests, signatureRequestView, type SignerInput } from "../signature-requests/model";
import { drafts, type DraftRecord } from "./model";

function signersOf(d: DraftRecord, svc: ServiceContext): SignerInput[] {
  const given = d.signers
    .filter((s) => typeof s.email_address === "string")
    .map((s, i) => ({
      name: String(s.name ?? s.email_address),
      email_address: String(s.email_address),
      order: typeof s.order === "number" ? s.order : i,
      role: typeof s.role === "string" ? s.role : null,
    }));
  if (given.length) return given;
  // "Sign and send" with nobody named: the claimer signs.
  const claimer = d.claimed_by ? svc.accounts.byId(d.claimed_by) : undefined;
  return claimer ? [{ name: claimer.email_address, email_address: claimer.email_address }] : [];
}

function send(svc: ServiceContext, d: DraftRecord) {
  const owner = svc.accounts.byId(d.account_id);
  if (!owner) throw notFound("The draft's account no longer exists");
  const table = signatureRequests(svc.store);
  const rec =
    (d.signature_request_id && table.get(d.signature_request_id)) ||
    createSignatureRequest(svc, {
      account: owner,
      title: d.title ?? d.subject ?? undefined,
      subject: d.subject,
      message: d.message,
      metadata: d.metadata,
      test_mode: d.test_mode,
      client_id: d.client_id,
      expires_at: d.request_expires_at,
      documents: d.documents,
    });
  if (rec.state === "sent") throw conflict("The draft was sent already");
  rec.signatures = newSignatures(signersOf(d, svc));
  if (d.options.hold_request === true) for (const s of rec.signatures) s.status_code = "on_hold";
  rec.state = "sent";
  rec.updated_at = svc.clock.now();
  table.put(rec.signature_request_id, rec);
  d.signature_request_id = rec.signature_request_id;
  drafts(svc.store).put(d.token, d);
  if (!d.test_mode) {
    svc.accounts.consumeQuota(owner.account_id, "api_signature_requests_left");
    svc.accounts.consumeQuota(owner.account_id, "documents_left");
  }
  emitRequestEvent(svc, rec, "signature_request_sent");
  return rec;
}

export function draftControlRoutes(svc: ServiceContext): ControlRoute[] {
  return [
    {
      method: "GET",
      path: "/unclaimed_drafts",
      summary: "Unclaimed drafts with their token, kind, type and claim state",
      handler: () =>
        ok({
          unclaimed_drafts: drafts(svc.store)
            .list()
            .map((d) => ({
              token: d.token,
              kind: d.kind,
              type: d.type,
              embedded: d.embedded,
              account_id: d.account_id,
              client_id: d.client_id,
              signature_request_id: d.signature_request_id,
              claimed_by: d.claimed_by,
              claimed_at: d.claimed_at,
              expires_at: d.expires_at,
            })),
        }),
    },
    {
      method: "POST",
      path: "/unclaimed_drafts/{token}/send",
      summary: "The claimer sends a claimed draft (uses quota; hold_request puts the signatures on hold)",
      handler: ({ params }) => {
        const d = drafts(svc.store).get(params.token ?? "");
        if (!d) throw notFound("Draft not found", "token");
        if (!d.claimed_by) throw conflict("The draft has not been claimed yet");
        return ok({ signature_request: signatureRequestView(svc, send(svc, d)) });
      },
    },
  ];
}
