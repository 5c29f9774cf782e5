/** Writes the example PDFs in examples/files/ (run from the repo root: node scripts/run-ts.js scripts/make-example-pdfs.ts). */
import { makePdf } from "../service/pdf";
import * as fs from "fs";
const nda = makePdf({
  pages: [
    {
      texts: [
        { x: 72, y: 740, text: "Mutual Non-Disclosure Agreement", size: 18 },
        { x: 72, y: 700, text: "Between Acme Corp. and the Client named below." },
      ],
    },
    {
      texts: [
        { x: 72, y: 740, text: "Signatures", size: 14 },
        { x: 100, y: 650, text: "Client" },
        { x: 320, y: 650, text: "Acme" },
      ],
    },
  ],
});
fs.writeFileSync("examples/files/nda.pdf", nda);
const nda2 = makePdf({
  pages: [
    {
      texts: [
        { x: 72, y: 740, text: "Mutual Non-Disclosure Agreement (v2)", size: 18 },
        { x: 72, y: 700, text: "Between Acme Corp. and the Client named below." },
      ],
    },
    {
      texts: [
        { x: 72, y: 740, text: "Signatures", size: 14 },
        { x: 100, y: 650, text: "Client" },
        { x: 320, y: 650, text: "Acme" },
      ],
    },
  ],
});
fs.writeFileSync("examples/files/nda-v2.pdf", nda2);
const offer = makePdf({
  pages: [
    {
      texts: [
        { x: 72, y: 740, text: "Offer letter", size: 18 },
        { x: 72, y: 200, text: "Candidate signature" },
      ],
    },
  ],
});
fs.writeFileSync("examples/files/offer-letter.pdf", offer);
console.log(nda.length, nda2.length, offer.length);
