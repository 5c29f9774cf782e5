/**
 * A server for the load bench, in its own process (so the load generator and the server do
 * not share one event loop): `serve.js service` runs the built local service (dist/, as
 * `esign-service` runs it: no rate limit, in memory), `serve.js plain` a bare Node HTTP server
 * answering a fixed JSON body (the floor). The floor's bodies come from ESIGN_BENCH_BODIES
 * ({"GET": text, "PUT": text}: a copy of what the service answered to the same request), so
 * both servers write the same bytes and the ratio measures the service's own work, not the
 * size of its answer. Prints one JSON line {url} when listening; stops on SIGTERM.
 *
 * Plain JavaScript on purpose: under ts-node the server's heap also held the TypeScript
 * compiler, and the profile showed garbage collection of that heap as a cost per request that
 * the shipped service does not have.
 */
"use strict";
const http = require("node:http");
const path = require("node:path");

function main(kind) {
  if (kind === "service") {
    const { startService } = require(path.join(__dirname, "..", "..", "dist", "service"));
    return startService({ port: 0 }).then((svc) => {
      console.log(JSON.stringify({ url: svc.url, apiKey: svc.apiKey }));
      process.on("SIGTERM", () => void svc.close().then(() => process.exit(0)));
    });
  }
  const given = JSON.parse(process.env.ESIGN_BENCH_BODIES || "{}");
  const fallback = JSON.stringify({ ok: true, note: "fixed body" });
  const bodies = { GET: Buffer.from(given.GET || fallback), PUT: Buffer.from(given.PUT || fallback) };
  const server = http.createServer((req, res) => {
    req.resume(); // drain any request body
    req.on("end", () => {
      const body = bodies[req.method] || bodies.GET;
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(body.length) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 5000;
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

main(process.argv[2] || "plain");
