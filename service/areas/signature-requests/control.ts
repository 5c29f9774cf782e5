/**
 * @module service/areas/signature-requests/control
 * Control-plane routes (no auth, under /_local/) that stand in for the web UI, so that
 * tests and demos have signature requests to edit, list and expire:
 *   POST  /_local/signature_requests        create a sent request
 *   PATCH /_local/signature_requests/{id}   set expires_at (any time, also the past), sign signatures
 * Mounted through the area's `controlRoutes` hook (service/kernel Area).
 */
import { z } from "zod";
import { numeric } from "../../control/fields";
import { notFound } from "../../http/errors";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../../kernel";
import { createSignatureRequest, emitRequestEvent, refreshExpiry, signatureRequests, signatureRequestView, type SignerInput } from "./model";

/** A Unix time (also as text), or null for none; the past is allowed. */
const unixTime = numeric.pipe(z.number().int("must be an integer Unix time")).nullable();

const signer = z.object({ name: z.string().nullish(), email_address: z.string().min(1, "is required"), order: z.number().optional() });

const newRequestBody = z.object({
  account_id: z.string().nullish(),
  title: z.string().nullish(),
  subject: z.string().nullish(),
  message: z.string().nullish(),
  metadata: z.unknown().optional(),
  signers: z.array(signer).optional(),
  // The API's form-style flags: true, "1" and "true" mean yes.
  test_mode: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "1" || v === "true"),
  expires_at: unixTime.optional(),
  client_id: z.string().nullish(),
});

const changeBody = z.object({
  expires_at: unixTime.optional(),
  /** Signature ids to sign, or "all"; anything else signs nobody. */
  signed: z.union([z.literal("all"), z.array(z.unknown()).transform((ids) => ids.map(String)), z.unknown().transform((): string[] => [])]).optional(),
});

function signersOf(given: z.output<typeof signer>[] | undefined): SignerInput[] {
  if (given === undefined) return [{ name: "Signer One", email_address: "signer1@example.com" }];
  return given.map((s, i) => ({ name: s.name ?? s.email_address, email_address: s.email_address, order: s.order ?? i }));
}

export function signatureRequestControlRoutes(svc: ServiceContext): ControlRoute[] {
  return [
    controlRoute({
      method: "POST",
      path: "/signature_requests",
      summary: "Create a sent signature request {account_id?, title?, subject?, message?, metadata?, signers?, test_mode?, expires_at?, client_id?}",
      body: newRequestBody,
      handler: ({ body }) => {
        const account = body.account_id ? svc.accounts.byId(body.account_id) : svc.accounts.byApiKey(svc.options.apiKey);
        if (!account) throw notFound("Account not found", "account_id");
        const rec = createSignatureRequest(svc, {
          account,
          title: body.title ?? undefined,
          subject: body.subject ?? undefined,
          message: body.message ?? undefined,
          metadata: body.metadata,
          test_mode: body.test_mode,
          client_id: body.client_id ?? undefined,
          signers: signersOf(body.signers),
          expires_at: body.expires_at,
          state: "sent",
          documents: [{ name: "document.pdf", page_count: 1, generated: false }],
        });
        return ok({ signature_request: signatureRequestView(svc, rec) }, 201);
      },
    }),
    controlRoute({
      method: "PATCH",
      path: "/signature_requests/{signature_request_id}",
      summary: 'Change a signature request out of band {expires_at? (may be past), signed?: signature_id[] | "all"}',
      body: changeBody,
      handler: ({ params, body }) => {
        const table = signatureRequests(svc.store);
        const rec = table.get(params.signature_request_id!);
        if (!rec) throw notFound("Signature request not found", "signature_request_id");
        if (body.expires_at !== undefined) {
          rec.expires_at = body.expires_at;
          rec.expired_event_sent = false;
        }
        const signed = body.signed;
        if (signed !== undefined) {
          const ids = signed === "all" ? rec.signatures.map((s) => s.signature_id) : signed;
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
    }),
  ];
}
