/**
 * @module service/areas/detection
 * POST /document/detect_fields: multipart `file` or `file_url` (exactly one, contract),
 * detection_mode annotations | text_tags, page_range (contract-validated syntax; a bad value
 * is 400 with error_path page_range). Answers `{ detection_result, warnings }`; the top-level
 * warnings are about the request (skipped page indexes) and are always present.
 */
import { route } from "../../http/route";
import { annotate, type AnswerOf, type Area, type RequestContext } from "../../kernel";
import { downloadFile } from "../../files/fetch";
import { badRequest } from "../../http/errors";
import { isTooLarge } from "../../pdf";
import { detectFields } from "./detect";
import { PageRangeError } from "./page-range";

async function detect(ctx: RequestContext<"document.detect_fields">): Promise<AnswerOf<"document.detect_fields">> {
  const { body } = ctx;
  const data = body.file ? Buffer.from(body.file.content) : await downloadFile(body.file_url!, "file_url", ctx.options.maxBodyBytes);
  let out: ReturnType<typeof detectFields>;
  try {
    out = detectFields(data, body.detection_mode, body.page_range ?? "all", ctx.clock.now());
  } catch (e) {
    // The contract checks the syntax first; this only guards against the two ever disagreeing.
    if (e instanceof PageRangeError) throw badRequest(e.message, "page_range");
    // A file built to exhaust the reader is refused, not reported as one more unreadable file.
    if (isTooLarge(e)) throw badRequest(e.message, body.file ? "file" : "file_url");
    throw e;
  }
  const { result, topWarnings } = out;
  return annotate(result, { warnings: topWarnings, alwaysWarnings: true });
}

export const area: Area = { name: "detection", routes: [route("document.detect_fields", detect)] };

export { detectFields } from "./detect";
export { parsePageRange, selectPages, formatPageRange, PageRangeError } from "./page-range";
