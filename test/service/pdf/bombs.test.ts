/**
 * Hostile PDFs (issue 37 item 6): a corpus of bombs from test/support/pdf-bombs.ts, read by
 * the PDF reader and sent to POST /document/detect_fields of an in-process service. Each
 * refused bomb stops at the document's budget (asserted on the budget's counters, not on the
 * clock) and is answered with a 400 naming the file; the harmless ones are read. Memory
 * growth over the corpus stays loosely bounded. The mocha timeout is only a safety net: on
 * the reader before the budget, the 309-byte file alone took 16 s and 1.3 GB.
 */
import * as assert from "node:assert/strict";
import * as zlib from "node:zlib";
import { DocumentBudget, inspectPdf, isTooLarge } from "../../../service/pdf";
import { PdfDocument } from "../../../service/pdf/document";
import { PdfRef } from "../../../service/pdf/objects";
import { pdfBombs, type PdfBomb } from "../../support/pdf-bombs";
import { rawPdf } from "../../support/pdf";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";

const MIB = 1024 * 1024;

describe("service: PDF bombs are contained", function () {
  this.timeout(60_000);
  let bombs: PdfBomb[];
  let api: Api;
  before(async () => {
    bombs = await pdfBombs();
    ({ api } = await startForTest());
  });
  after(() => api.svc.close());

  it("the reader refuses each bomb at the document's budget and reads the harmless ones", () => {
    for (const bomb of bombs) {
      const budget = new DocumentBudget();
      let refusal: unknown;
      try {
        inspectPdf(bomb.pdf, budget);
      } catch (e) {
        refusal = e;
      }
      assert.equal(isTooLarge(refusal), bomb.refused, `${bomb.name}: ${String(refusal)}`);
      assert.ok(budget.bytesUsed <= budget.maxBytes, `${bomb.name}: ${budget.bytesUsed} bytes decoded`);
    }
  });

  it("a stream shared by many pages is decoded once and charged per use, within one budget", () => {
    const content = Buffer.from("BT /F1 12 Tf 72 700 Td (shared) Tj ET\n".repeat(100));
    const packed = zlib.deflateSync(content);
    const pages = 3;
    const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(" ");
    const pdf = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 612 792] >>`,
      Buffer.concat([Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`), packed, Buffer.from("\nendstream")]),
      ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>"),
    ]);
    const doc = new PdfDocument(pdf, new DocumentBudget());
    const first = doc.streamData(new PdfRef(3, 0));
    assert.equal(doc.streamData(new PdfRef(3, 0)), first, "the second read is the cached buffer");
    assert.equal(doc.budget.bytesUsed, content.length, "inflated once");

    const budget = new DocumentBudget();
    const info = inspectPdf(pdf, budget);
    assert.deepEqual(
      info.text.map((t) => t.text.slice(0, 6)),
      ["shared", "shared", "shared"],
    );
    // One decode plus one interpretation per page; a reader that inflated per page would charge 2 x pages.
    assert.equal(budget.bytesUsed, content.length * (1 + pages));
    // The same document with a budget below its pages' total is refused, not read in part.
    assert.throws(() => inspectPdf(pdf, new DocumentBudget(content.length * pages)), isTooLarge);
  });

  it("POST /document/detect_fields answers each refused bomb with a 400 naming file, with bounded memory", async () => {
    const base = process.memoryUsage().rss;
    let peak = 0;
    for (const bomb of bombs) {
      const r = await api.form("POST", "/document/detect_fields", { file: bomb.pdf, detection_mode: "annotations" });
      if (bomb.refused) {
        expectErrorAt(r, 400, "file");
        assert.match(r.body.error.error_msg, /takes more to read than one document may/, bomb.name);
      } else expectStatus(r);
      peak = Math.max(peak, process.memoryUsage().rss - base);
    }
    assert.ok(peak < 64 * MIB, `resident memory grew by ${Math.round(peak / MIB)} MiB over the corpus`);
  });
});
