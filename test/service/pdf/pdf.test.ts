/**
 * Unit tests of the PDF toolkit: makePdf round trips through inspectPdf (classic xref and
 * object streams, compressed or not), text operators and string forms in hand-written
 * content streams, ToUnicode fonts, broken xref recovery and malformed input (PdfError only).
 */
import * as assert from "node:assert/strict";
import * as zlib from "node:zlib";
import { inspectPdf, isPdfError, makePdf, PdfError, rawPdf } from "../../support/pdf";

function onePage(content: string | Buffer, extraPageDict = "", fontDict = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", more: (string | Buffer)[] = []): Buffer {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content, "latin1");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
    `<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${extraPageDict}>>`,
    Buffer.concat([Buffer.from(`<< /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream")]),
    fontDict,
    ...more,
  ]);
}

describe("pdf toolkit (unit)", () => {
  const spec = {
    pages: [
      {
        texts: [
          { x: 72, y: 700, text: "Hello (world) \\ [sig|req|signer1]" },
          { x: 72, y: 650, text: "Zürich" },
        ],
        fields: [
          { name: "sig", type: "signature" as const, rect: [100, 100, 300, 140] as [number, number, number, number], required: true },
          { name: "agree", type: "checkbox" as const, rect: [10, 10, 20, 20] as [number, number, number, number] },
        ],
      },
      {
        width: 842,
        height: 595,
        texts: [{ x: 10, y: 10, text: "wide", size: 9 }],
        fields: [
          { name: "choice", type: "radio" as const, rect: [1, 1, 5, 5] as [number, number, number, number] },
          { name: "name", type: "text" as const, rect: [50, 50, 150, 70] as [number, number, number, number], required: true },
        ],
      },
    ],
  };

  for (const variant of [{}, { compress: false }, { objectStreams: true }]) {
    it(`round-trips makePdf ${JSON.stringify(variant)}`, () => {
      const info = inspectPdf(makePdf({ ...spec, ...variant }));
      assert.equal(info.pageCount, 2);
      assert.deepEqual(info.pages, [
        { width: 612, height: 792, orientation: "portrait" },
        { width: 842, height: 595, orientation: "landscape" },
      ]);
      assert.equal(info.encrypted, false);
      assert.deepEqual(
        info.annotations.map((a) => [a.name, a.fieldType, a.kind, a.page, a.required]),
        [
          ["sig", "Sig", "signature", 0, true],
          ["agree", "Btn", "checkbox", 0, false],
          ["choice", "Btn", "radio", 1, false],
          ["name", "Tx", "text", 1, true],
        ],
      );
      assert.deepEqual(info.annotations[0]!.rect, [100, 100, 300, 140]);
      assert.deepEqual([info.annotations[0]!.x, info.annotations[0]!.y, info.annotations[0]!.width, info.annotations[0]!.height], [100, 100, 200, 40]);
      assert.equal(info.text[0]!.text, "Hello (world) \\ [sig|req|signer1]\nZürich");
      assert.deepEqual(info.text[0]!.items[0], { text: "Hello (world) \\ [sig|req|signer1]", x: 72, y: 700, size: 12 });
      assert.deepEqual(info.text[1]!.items[0], { text: "wide", x: 10, y: 10, size: 9 });
    });
  }

  it("reads Tj, TJ, ' and \" with literal, octal and hex strings, Tm/Td/TD/T* positions and cm", () => {
    const content = [
      "BT /F1 10 Tf 50 700 Td (plain) Tj ET",
      "BT /F1 10 Tf 1 0 0 1 50 650 Tm <48657820> Tj [(kern) -300 (ed) 20 (!)] TJ ET",
      "BT /F1 10 Tf 14 TL 50 600 Td (first) Tj (second) ' 1 2 (third) \" T* (\\101\\102\\103) Tj ET",
      "q 2 0 0 2 100 100 cm BT /F1 5 Tf 10 10 Td (scaled) Tj ET Q",
      "BT /F1 8 Tf 40 500 TD (td) Tj ET",
    ].join("\n");
    const info = inspectPdf(onePage(content));
    const items = info.text[0]!.items;
    assert.deepEqual(
      items.map((i) => i.text),
      ["plain", "Hex ", "kern ed!", "first", "second", "third", "ABC", "scaled", "td"],
    );
    assert.deepEqual([items[0]!.x, items[0]!.y], [50, 700]);
    assert.deepEqual([items[1]!.x, items[1]!.y], [50, 650]);
    assert.equal(items[4]!.y, 586); // ' moves one leading (14) down
    assert.equal(items[5]!.y, 572);
    assert.equal(items[6]!.y, 558); // T*
    assert.deepEqual([items[7]!.x, items[7]!.y, items[7]!.size], [120, 120, 10]); // cm scales position and size
  });

  it("decodes FlateDecode content and two-byte fonts through a ToUnicode CMap", () => {
    const cmap =
      "/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange\n" +
      "2 beginbfchar <0001> <0048> <0002> <0069> endbfchar 1 beginbfrange <0010> <0012> <0061> endbfrange endcmap end end";
    const content = zlib.deflateSync(Buffer.from("BT /F1 12 Tf 10 20 Td <000100020010001100120003> Tj ET"));
    const pdf = rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Rotate 90 /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
      Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from("\nendstream")]),
      "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /ToUnicode 6 0 R >>",
      `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
    ]);
    const info = inspectPdf(pdf);
    assert.equal(info.text[0]!.text, "Hiabc");
    // /Rotate 90 swaps the page's width and height.
    assert.deepEqual(info.pages[0], { width: 100, height: 200, orientation: "portrait" });
  });

  it("recovers from a broken xref by scanning for objects; inherits field attributes from /Parent", () => {
    const pdf = rawPdf(
      [
        "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
        "<< /Type /Page /Parent 2 0 R /Annots [5 0 R 6 0 R] >>",
        "<< /FT /Btn /Ff 32770 /T (choice) /Kids [5 0 R 6 0 R] >>",
        "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [0 0 10 10] >>",
        "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /T (b) /Rect [20 0 30 10] >>",
      ],
      { brokenXref: true },
    );
    const info = inspectPdf(pdf);
    assert.equal(info.pageCount, 1);
    assert.deepEqual(
      info.annotations.map((a) => [a.name, a.kind, a.required]),
      [
        ["choice", "radio", true],
        ["choice.b", "radio", true],
      ],
    );
  });

  it("marks encrypted documents and reads no text from them", () => {
    const info = inspectPdf(makePdf({ markEncrypted: true, pages: [{ texts: [{ x: 1, y: 1, text: "secret" }] }] }));
    assert.equal(info.encrypted, true);
    assert.equal(info.pageCount, 1);
    assert.equal(info.text[0]!.text, "");
  });

  it("throws PdfError (not_pdf / malformed), never anything else, on bad input", () => {
    const cases: [Buffer, string][] = [
      [Buffer.alloc(0), "not_pdf"],
      [Buffer.from("hello world"), "not_pdf"],
      [Buffer.from("%PDF-1.4\ngarbage"), "malformed"],
      [Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>"), "malformed"],
    ];
    for (const [buf, code] of cases) {
      assert.throws(
        () => inspectPdf(buf),
        (e: unknown) => isPdfError(e) && e instanceof PdfError && e.code === code,
      );
    }
  });

  it("survives truncation and random corruption (fuzz): a result or a PdfError", function () {
    this.timeout(60_000);
    const base = makePdf({ pages: [{ texts: [{ x: 1, y: 2, text: "abc" }], fields: [{ name: "f", type: "text", rect: [1, 2, 3, 4] }] }] });
    const os = makePdf({ objectStreams: true, pages: [{ texts: [{ x: 1, y: 2, text: "abc" }] }] });
    let seed = 42;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (const good of [base, os]) {
      for (let cut = 0; cut < good.length; cut += 13) {
        try {
          inspectPdf(good.subarray(0, cut));
        } catch (e) {
          assert.ok(isPdfError(e), String(e));
        }
      }
      for (let i = 0; i < 400; i++) {
        const b = Buffer.from(good);
        for (let j = 0; j < 1 + rnd(8); j++) b[rnd(b.length)] = rnd(256);
        try {
          inspectPdf(b);
        } catch (e) {
          assert.ok(isPdfError(e), String(e));
        }
      }
    }
  });

  it("rejects hostile nesting without a stack overflow", () => {
    const deep = "[".repeat(5000);
    const pdf = Buffer.from(`%PDF-1.4\n1 0 obj ${deep} endobj\ntrailer << /Root 1 0 R >>\n%%EOF`);
    assert.throws(() => inspectPdf(pdf), isPdfError);
  });
});
