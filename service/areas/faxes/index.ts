/**
 * @module service/areas/faxes
 * Faxes (API key only): send, get, list, delete. `sender` may only be a fax line number the
 * caller is on; without it the caller's e-mail address is the sender. Cover page fields
 * (cover_page_to/from/message) add a generated cover page. GET /fax/files/{id} (files_url)
 * renders the fax as a PDF.
 */
import { badRequest, notFound } from "../../http/errors";
import { newId } from "../../http/ids";
import { paginate } from "../../http/pagination";
import { rawRoute, route } from "../../http/route";
import type { AnswerOf, Area, RequestContext, Reply } from "../../kernel";
import { makePdf } from "../../pdf";
import { loadDocuments, pageCountOf } from "../signature-requests/documents";
import { renderDocuments } from "../signature-requests/files";
import { FAX_TRANSMIT_MS, faxes, faxView, settle, type FaxRecord } from "./model";

const COVER_NAME = "cover_page.pdf";

/** sender must be a fax line number the caller is on (or bought); its "+" may be left out. Returns the line's number. */
function checkSender(ctx: RequestContext, sender: string): string {
  const number = sender.startsWith("+") ? sender : `+${sender}`;
  const line = ctx.store.table<{ owner_account_id: string; accounts: string[] }>("fax_lines").get(number);
  const me = ctx.account.account_id;
  if (!line || (line.owner_account_id !== me && !line.accounts.includes(me))) {
    throw badRequest("sender must be the number of a fax line you are on", "sender");
  }
  return number;
}

async function sendFax(ctx: RequestContext<"fax.send">): Promise<AnswerOf<"fax.send">> {
  const { body } = ctx;
  const sender = body.sender === undefined ? ctx.account.email_address : checkSender(ctx, body.sender);
  const docs = await loadDocuments(ctx, body);
  const documents = docs.map((d) => ({ name: d.name, page_count: pageCountOf(d.data) }));
  const hasCover = [body.cover_page_to, body.cover_page_from, body.cover_page_message].some((v) => v !== undefined);
  if (hasCover) documents.unshift({ name: COVER_NAME, page_count: 1 });
  const now = ctx.clock.nowMs();
  const title = body.title ?? docs[0]?.name ?? "Fax";
  const testMode = body.test_mode ?? false;
  const rec: FaxRecord = {
    fax_id: newId(),
    account_id: ctx.account.account_id,
    title,
    original_title: title,
    subject: body.cover_page_to ?? null,
    message: body.cover_page_message ?? null,
    sender,
    recipient: body.recipient,
    test_mode: testMode,
    cover_page: hasCover ? { to: body.cover_page_to ?? null, from: body.cover_page_from ?? null, message: body.cover_page_message ?? null } : null,
    documents,
    status_code: "transmitting",
    completes_at_ms: testMode ? now : now + FAX_TRANSMIT_MS,
    sent_at: null,
    created_at: Math.floor(now / 1000),
  };
  faxes(ctx.store).put(rec.fax_id, rec);
  if (!testMode) {
    ctx.schedule(FAX_TRANSMIT_MS, (svc) => {
      const f = faxes(svc.store).get(rec.fax_id);
      if (f) settle(svc, f);
    });
  }
  return faxView(ctx, settle(ctx, rec));
}

function ownFax(ctx: RequestContext): FaxRecord {
  const f = faxes(ctx.store).get(ctx.params.fax_id ?? "");
  if (!f || f.account_id !== ctx.account.account_id) throw notFound(`Fax ${ctx.params.fax_id} not found`, "fax_id");
  return settle(ctx, f);
}

const getFax = (ctx: RequestContext<"fax.get">): AnswerOf<"fax.get"> => faxView(ctx, ownFax(ctx));

function listFaxes(ctx: RequestContext<"fax.list">): AnswerOf<"fax.list"> {
  const mine = faxes(ctx.store)
    .filter((f) => f.account_id === ctx.account.account_id)
    .sort((a, b) => b.created_at - a.created_at);
  const page = paginate(mine, ctx.query);
  return { items: page.items.map((f) => faxView(ctx, settle(ctx, f))), list_info: page.list_info };
}

/** files_url: the fax as sent, rendered from the stored facts (cover page, then document pages). */
function faxFiles(ctx: RequestContext): Reply {
  const f = ownFax(ctx);
  const cover = f.cover_page
    ? [
        {
          texts: [
            { x: 72, y: 720, text: "FAX", size: 24 },
            { x: 72, y: 680, text: `To: ${f.cover_page.to ?? ""}` },
            { x: 72, y: 660, text: `From: ${f.cover_page.from ?? ""}` },
            { x: 72, y: 630, text: f.cover_page.message ?? "" },
          ],
        },
      ]
    : [];
  const pdf = makePdf({ pages: [...cover, ...renderDocuments(f.documents.filter((d) => d.name !== COVER_NAME))] });
  return { status: 200, raw: pdf, contentType: "application/pdf" };
}

function deleteFax(ctx: RequestContext<"fax.delete">): void {
  const f = ownFax(ctx);
  faxes(ctx.store).delete(f.fax_id);
}

export const area: Area = {
  name: "faxes",
  routes: [
    route("fax.send", sendFax),
    route("fax.list", listFaxes),
    route("fax.get", getFax),
    route("fax.delete", deleteFax),
    rawRoute({ method: "GET", path: "/fax/files/{fax_id}", apiKeyOnly: true }, faxFiles),
  ],
};
