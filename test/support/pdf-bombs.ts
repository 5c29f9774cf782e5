/**
 * @module test/support/pdf-bombs
 * A generator of hostile PDFs (issue 37 item 6): each is small on the wire and built to make
 * a naive reader loop, recurse, or inflate without end. `refused` ones must be answered with
 * a 400 (the reader's budget, service/pdf/budget.ts); `harmless` ones are read as the files
 * they are, only without the blow-up.
 */
import * as zlib from "node:zlib";
import { rawPdf } from "./pdf";

export interface PdfBomb {
  name: string;
  pdf: Buffer;
  /** true: the reader refuses it (too_large); false: it is read, cheaply. */
  refused: boolean;
}

const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";
/** A stream object; `dict` comes after the true /Length, so a /Length in it wins. */
const stream = (dict: string, data: Buffer): Buffer => Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dict} >>\nstream\n`), data, Buffer.from("\nendstream")]);

/** One page whose content (object 4) is `content`. */
function onePage(content: Buffer, contentDict = ""): Buffer {
  return rawPdf([CATALOG, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>", "<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>", stream(contentDict, content)]);
}

/** `bytes` zeros deflated without ever holding them: a 1 MiB zero buffer written again and again. */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  const chunk = Buffer.alloc(1 << 20);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * The 309-byte file of the issue, reconstructed from its description ("an xref stream that
 * never advances"): rows of zero bytes (/W [0 0 0]) that /Index says number two billion, so a
 * reader adds entries while its position in the data stays at 0.
 */
export function neverAdvancingXref(): Buffer {
  const xref = "<< /Type /XRef /W [0 0 0] /Size 2000000000 /Index [0 2000000000] /Root 1 0 R /Length 0 >>\nstream\n\nendstream";
  const head = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const body = `1 0 obj\n${xref}\nendobj\n`;
  return Buffer.from(`${head}${body}startxref\n${head.length}\n%%EOF\n`, "latin1");
}

/** Every bomb of the corpus. The flate bombs inflate to 1 GiB (twice deflated, a few KiB on the wire). */
export async function pdfBombs(): Promise<PdfBomb[]> {
  const gib = await deflatedZeros(1 << 30);
  const twice = zlib.deflateSync(gib, { level: 9 });
  const fourMib = zlib.deflateSync(Buffer.alloc(4 << 20, 0x20));
  const dense = zlib.deflateSync(Buffer.from("[0]".repeat((1 << 20) / 3)));
  const pages = 2000;
  const sharedPages = Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>");
  /** The page tree of pages 4 .. n+3 (the shared stream is object 3). */
  const pagesOf = (n: number) => `<< /Type /Pages /Kids [${Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(" ")}] /Count ${n} /MediaBox [0 0 612 792] >>`;
  const deep = 50_000;
  const cmapRanges = Array.from({ length: 20_000 }, () => "<0000> <FFFF> <0041>").join("\n");
  const cmap = Buffer.from(`begincodespacerange <0000> <FFFF> endcodespacerange\nbeginbfrange\n${cmapRanges}\nendbfrange`);
  return [
    { name: "the xref stream that never advances", pdf: neverAdvancingXref(), refused: true },
    { name: "a flate bomb (1 GiB, deflated twice)", pdf: onePage(twice, "/Filter [/FlateDecode /FlateDecode]"), refused: true },
    { name: "a flate bomb behind a huge /Length", pdf: onePage(gib, "/Filter /FlateDecode /Length 99999999999999"), refused: true },
    {
      name: "one 4 MiB stream shared by 2000 pages",
      pdf: rawPdf([CATALOG, pagesOf(pages), stream("/Filter /FlateDecode", fourMib), ...sharedPages]),
      refused: true,
    },
    {
      name: "1 MiB of nothing but [0] shared by 20 pages",
      pdf: rawPdf([CATALOG, pagesOf(20), stream("/Filter /FlateDecode", dense), ...sharedPages.slice(0, 20)]),
      refused: true,
    },
    { name: "objects nested 50,000 deep", pdf: rawPdf([`<< /Type /Catalog /Pages 2 0 R /Deep ${"[".repeat(deep)}${"]".repeat(deep)} >>`, "<< /Type /Pages /Kids [] /Count 0 >>"]), refused: true },
    { name: "content nested 50,000 deep", pdf: onePage(Buffer.from(`${"[".repeat(deep)}${"]".repeat(deep)} BT ET`)), refused: true },
    { name: "a trailer whose /Prev is itself", pdf: rawPdf([CATALOG, "<< /Type /Pages /Kids [] /Count 0 >>"], { trailerExtra: (at) => `/Prev ${at} ` }), refused: true },
    {
      name: "a field that lists itself twice among its /Kids",
      pdf: rawPdf([
        `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R] >> >>`,
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R >>",
        "null",
        "<< /Kids [5 0 R 5 0 R] >>",
      ]),
      refused: false,
    },
    { name: "a CMap of 20,000 full ranges", pdf: withFont(cmap), refused: false },
  ];
}

/** One page showing text in a font whose ToUnicode CMap is `cmap`. */
function withFont(cmap: Buffer): Buffer {
  return rawPdf([
    CATALOG,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
    "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    stream("", Buffer.from("BT /F1 12 Tf <0041> Tj ET")),
    "<< /Type /Font /Subtype /Type0 /BaseFont /X /ToUnicode 6 0 R >>",
    stream("", cmap),
  ]);
}
