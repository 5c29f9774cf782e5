/**
 * @module service/areas/unclaimed-drafts/claim
 * GET /v3/unclaimed_draft/claim/{token}: the claim URL. An authenticated API route (any
 * account's key): the FIRST open claims the draft and answers which page opens with the draft
 * loaded; every later open (and an expired link) is 404.
 *
 * Embedded-only rule: a draft made by create_embedded / create_embedded_with_template /
 * edit_and_resend opens only the embedded way, i.e. as the iFrame library does it: with the
 * query parameter `client_id` equal to the draft's app. Without it (or with another app's id)
 * the answer is 403 and the draft stays unclaimed.
 */
import { forbidden, notFound } from "../../http/errors";
import { z } from "zod";
import { offContractRoute } from "../../http/route";
import type { RequestContext, Route } from "../../kernel";
import { drafts, type DraftRecord } from "./model";

const PAGES = {
  send_document: { page: "sign_and_send", page_title: "Sign and send" },
  request_signature: { page: "request_signature", page_title: "Request signature" },
} as const;

function loadedDraft(d: DraftRecord) {
  return {
    type: d.type,
    title: d.title,
    subject: d.subject,
    message: d.message,
    metadata: d.metadata,
    signers: d.signers,
    ccs: d.ccs,
    cc_email_addresses: d.cc_email_addresses,
    custom_fields: d.custom_fields,
    template_ids: d.template_ids,
    documents: d.documents.map((doc) => ({ name: doc.name, page_count: doc.page_count })),
    requester_email_address: d.requester_email_address,
    signature_request_id: d.signature_request_id,
    test_mode: d.test_mode,
    options: d.options,
  };
}

function claim(ctx: RequestContext): z.output<typeof claimSchema> {
  const table = drafts(ctx.store);
  const d = table.get(ctx.params.token ?? "");
  if (!d || d.claimed_by !== null || ctx.clock.now() >= d.expires_at) throw notFound("This draft was already claimed or does not exist");
  if (d.embedded) {
    const clientId = typeof ctx.query.client_id === "string" ? ctx.query.client_id : undefined;
    if (clientId !== d.client_id) throw forbidden("This draft can only be opened in an embedded iFrame of its API app (client_id)", "client_id");
  }
  d.claimed_by = ctx.account.account_id;
  d.claimed_at = ctx.clock.now();
  table.put(d.token, d);
  return {
    ...PAGES[d.type],
    embedded: d.embedded,
    claimed_by: { account_id: ctx.account.account_id, email_address: ctx.account.email_address },
    claimed_at: d.claimed_at,
    draft: loadedDraft(d),
  };
}

/** What the emulator's stand-in for the claim page answers (not an operation of the API). */
const claimSchema = z.looseObject({ embedded: z.boolean(), claimed_at: z.number().int(), claimed_by: z.looseObject({ account_id: z.string() }), draft: z.looseObject({}) });

export const claimRoute: Route = offContractRoute({ method: "GET", path: "/unclaimed_draft/claim/{token}", response: { kind: "resource", key: "claim", schema: claimSchema } }, claim);
