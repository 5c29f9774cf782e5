/**
 * Test helpers: PDFs (via the service's own writer) and a callback receiver / file server.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { makePdf } from "../../../service/pdf";
import { boundaryOf, parseMultipart } from "../../../service/http/multipart";
import { formData } from "./api";

export const PORTRAIT = { width: 612, height: 792 };
export const LANDSCAPE = { width: 792, height: 612 };

export function pdf(pages: number, size = PORTRAIT): Buffer {
  return makePdf({ pages: Array.from({ length: pages }, (_, i) => ({ ...size, texts: [{ x: 72, y: 700, text: `page ${i + 1}` }] })) });
}

/** A FormData with files[i] PDFs plus fields (objects/arrays JSON-encoded, like the official SDK). */
export function templateForm(files: Buffer[], fields: Record<string, unknown>): FormData {
  return formData(files.length > 0 ? { files, ...fields } : fields);
}

export interface Received {
  json: Record<string, unknown>;
  contentType: string;
}

/**
 * An HTTP server that records callback POSTs (multipart with a `json` field) and serves
 * files at /files/<name>. `answer` decides the reply to each callback.
 */
export async function startReceiver(answer: (n: number) => { status: number; body: string } = () => ({ status: 200, body: "Hello API Event Received" })) {
  const received: Received[] = [];
  const files = new Map<string, Buffer>();
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.startsWith("/files/")) {
        const f = files.get(req.url.slice("/files/".length));
        res.writeHead(f ? 200 : 404, { "Content-Type": "application/pdf" });
        res.end(f ?? "missing");
        return;
      }
      const ct = req.headers["content-type"] ?? "";
      try {
        const parts = parseMultipart(Buffer.concat(chunks), boundaryOf(ct));
        const json = parts.find((p) => p.name === "json");
        received.push({ json: JSON.parse(json!.data.toString("utf8")), contentType: ct });
      } catch {
        received.push({ json: {}, contentType: ct });
      }
      const a = answer(n++);
      res.writeHead(a.status, { "Content-Type": "text/plain" });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    serve(name: string, data: Buffer) {
      files.set(name, data);
      return `${url}/files/${name}`;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
