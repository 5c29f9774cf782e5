/**
 * The bare Node HTTP server of the load bench (the floor), in its own process: it answers
 * every request with a fixed JSON body from ESIGN_BENCH_BODIES ({"GET": text, "PUT": text}: a
 * copy of what the service answered to the same request), so both servers write the same
 * body and the ratio measures the service's own work, not the size of its answer. Prints one
 * JSON line {url} when listening; stops on SIGTERM. (The service side runs the service's own
 * CLI, dist/service/main.js: see speed.ts.)
 *
 * Plain JavaScript on purpose: under ts-node the server's heap would also hold the TypeScript
 * compiler, a cost per request that a plain server does not have.
 */
"use strict";
const http = require("node:http");

function main() {
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

main();
