/**
 * A server for the load bench, in its own process (so the load generator and the server do
 * not share one event loop): `serve.ts service` runs the local service (no rate limit, in
 * memory), `serve.ts plain` a bare Node HTTP server answering a fixed JSON body (the floor).
 * Prints one JSON line {url} when listening; stops on SIGTERM.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { startService } from "../../service";

async function main(kind: string): Promise<void> {
  if (kind === "service") {
    const svc = await startService({ port: 0 });
    console.log(JSON.stringify({ url: svc.url, apiKey: svc.apiKey }));
    process.on("SIGTERM", () => void svc.close().then(() => process.exit(0)));
    return;
  }
  const body = Buffer.from(JSON.stringify({ ok: true, note: "fixed body" }));
  const server = http.createServer((req, res) => {
    req.resume(); // drain any request body
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(body.length) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 5000;
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

void main(process.argv[2] ?? "plain");
