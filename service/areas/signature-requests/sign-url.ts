/**
 * @module service/areas/signature-requests/sign-url
 * GET /embedded/sign_url/{signature_id}: the URL a signer's page opens in an iFrame. Not in the
 * contract's table (the provider does not use it); the real API has it (the description's
 * embeddedSignUrl). An unknown signature is 400 `bad_request` "Signature not found", as users
 * quoted the real service (evidence section 9, finding 11, S20: 400, not 404). Which requests may
 * be signed embedded is not modelled: any signature of a request the caller can see gets a URL
 * (our guess), valid an hour like the edit URL.
 */
import { badRequest } from "../../http/errors";
import { newSecret } from "../../http/ids";
import { z } from "zod";
import { offContractRoute } from "../../http/route";
import type { RequestContext, Route } from "../../kernel";
import { signatureRequests, visibleTo } from "./model";

const SIGN_URL_TTL_SECONDS = 3600;

/** The description's EmbeddedSignUrlResponseEmbedded (the contract's table does not hold this operation). */
const embeddedSignUrlSchema = z.looseObject({ sign_url: z.string(), expires_at: z.number().int() });

function signUrl(ctx: RequestContext): z.output<typeof embeddedSignUrlSchema> {
  const id = ctx.params.signature_id!;
  const known = signatureRequests(ctx.store).find((r) => visibleTo(ctx, ctx.account, r) && r.signatures.some((s) => s.signature_id === id));
  if (!known) throw badRequest("Signature not found");
  const sign_url = `https://app.hellosign.com/editor/embeddedSign?signature_id=${id}&token=${newSecret().slice(0, 40)}`;
  return { sign_url, expires_at: ctx.clock.now() + SIGN_URL_TTL_SECONDS };
}

export const signUrlRoute: Route = offContractRoute(
  { method: "GET", path: "/embedded/sign_url/{signature_id}", response: { kind: "resource", key: "embedded", schema: embeddedSignUrlSchema } },
  signUrl,
);
