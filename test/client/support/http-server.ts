/**
 * A real HTTP server on 127.0.0.1:0 for client tests (no axios mocking). Each test scripts
 * the answers; every request is recorded with its headers and raw body.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string | number>;
  body?: unknown;
}

/** "destroy" drops the connection after the request arrived (an ambiguous failure). */
export type Handler = (request: RecordedRequest) => Answer | "destroy" | Promise<Answer | "destroy">;

export interface TestServer {
  url: string;
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const parsed = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(recorded);
      const answer = await handler(recorded);
      if (answer === "destroy") {
        req.socket.destroy();
        return;
      }
      const text = answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/v3`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const ok = (body: unknown, headers?: Record<string, string | number>): Answer => ({ status: 200, body, headers });

export const apiAppBody = (clientId = "0123456789abcdef0123456789abcdef") => ({
  api_app: { client_id: clientId, name: "App", domains: ["example.com"], callback_url: null, is_approved: false, oauth: null },
});

export const errorBody = (name: string, msg: string) => ({ error: { error_name: name, error_msg: msg } });

/** Parses a recorded multipart body with the platform's FormData parser. */
export async function formDataOf(request: RecordedRequest): Promise<FormData> {
  return new Response(request.body, { headers: { "content-type": String(request.headers["content-type"]) } }).formData();
}
