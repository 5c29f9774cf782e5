/**
 * @module service/areas/signature-requests
 * Signature requests: edit (and send), get, list. Requests come into being through
 * POST /signature_request/send, unclaimed drafts (embedded drafts carry one) or the control
 * plane (POST /_local/signature_requests, see control.ts). Expiry is evaluated lazily on
 * every read. files.ts serves files_url.
 */
import { forbidden } from "../../http/errors";
import { paginate } from "../../http/pagination";
import { operations } from "../../../contract";
import { offContractRoute, route } from "../../http/route";
import type { AnswerOf, Area, RequestContext } from "../../kernel";
import { signatureRequestControlRoutes } from "./control";
import { editSignatureRequest, sendNewRequest } from "./edit";
import { filesRoute } from "./files";
import { signUrlRoute } from "./sign-url";
import { refreshExpiry, requestFor, signatureRequests, signatureRequestView, visibleTo } from "./model";

function getRequest(ctx: RequestContext<"signature_request.get">): AnswerOf<"signature_request.get"> {
  const rec = requestFor(ctx, ctx.account, ctx.params.signature_request_id!);
  return signatureRequestView(ctx, rec);
}

/** account_id: the caller (default), a team mate, or "all" (the caller's whole team). */
function listRequests(ctx: RequestContext<"signature_request.list">): AnswerOf<"signature_request.list"> {
  const q = ctx.query;
  const who = q.account_id;
  if (who && who !== "all" && who !== ctx.account.account_id) {
    const other = ctx.accounts.byId(who);
    if (!other || !ctx.account.team_id || other.team_id !== ctx.account.team_id) throw forbidden("account_id must be you or a member of your team", "account_id");
  }
  const needle = q.query?.trim().toLowerCase();
  const items = signatureRequests(ctx.store)
    .filter((r) => r.state === "sent")
    .filter((r) => (who === "all" ? visibleTo(ctx, ctx.account, r) : r.account_id === (who ?? ctx.account.account_id)))
    .filter((r) => !needle || [r.title, r.subject ?? "", ...r.signatures.map((s) => `${s.signer_name} ${s.signer_email_address}`)].join(" ").toLowerCase().includes(needle))
    .sort((a, b) => b.created_at - a.created_at);
  const page = paginate(items, ctx.query);
  return { items: page.items.map((r) => signatureRequestView(ctx, refreshExpiry(ctx, r))), list_info: page.list_info };
}

export const area: Area = {
  name: "signature-requests",
  routes: [
    route("signature_request.edit", editSignatureRequest),
    route("signature_request.list", listRequests),
    route("signature_request.get", getRequest),
    filesRoute,
    signUrlRoute,
    offContractRoute({ method: "POST", path: "/signature_request/send", response: operations["signature_request.get"].response }, sendNewRequest),
  ],
  controlRoutes: signatureRequestControlRoutes,
};

export { createSignatureRequest, signatureRequests, signatureRequestView, type SignatureRequestRecord } from "./model";
