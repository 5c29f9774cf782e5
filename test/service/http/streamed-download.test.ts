/**
 * `file_urls` downloads are bounded while they stream (issue 37 item 6): a URL that answers
 * without end is cut off at the service's limit, not read whole before a size check; a
 * declared Content-Length over the limit is refused before the body is read. Both are 400s
 * naming the parameter.
 */
import assert from "node:assert/strict";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { Api, expectErrorAt, startForTest, waitFor } from "../support/api";

const MIB = 1024 * 1024;
const LIMIT = 1 * MIB;
/** Where the endless server gives up, so a reader that buffers whole still ends. */
const SERVER_CAP = 256 * MIB;

/** /endless streams zeros until the client goes away (or SERVER_CAP); /declared announces 1 GiB and sends nothing. */
async function startHostileFiles() {
  const stats = { sent: 0, closed: false };
  const server = http.createServer((req, res) => {
    if (req.url === "/declared") {
      res.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": String(1024 * MIB) });
      res.flushHeaders();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/pdf" });
    const chunk = Buffer.alloc(64 * 1024);
    res.on("close", () => (stats.closed = true));
    const pump = (): void => {
      while (!stats.closed && stats.sent < SERVER_CAP) {
        stats.sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stats,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe("service: file_urls downloads are bounded while they stream", function () {
  this.timeout(60_000);
  let api: Api;
  let files: Awaited<ReturnType<typeof startHostileFiles>>;
  before(async () => {
    ({ api } = await startForTest({ maxBodyBytes: LIMIT }));
    files = await startHostileFiles();
  });
  after(async () => {
    await api.svc.close();
    await files.close();
  });

  it("an endless answer is cut off at the limit: a 400 naming the parameter, the connection closed early", async () => {
    const r = await api.form("POST", "/document/detect_fields", { file_url: `${files.url}/endless`, detection_mode: "annotations" });
    expectErrorAt(r, 400, "file_url");
    assert.match(r.body.error.error_msg, /too large \(more than 1048576 bytes\)/);
    await waitFor(async () => files.stats.closed, 10_000, "the download's connection to close");
    // What the server wrote includes the sockets' buffers; a reader that buffered whole would take SERVER_CAP.
    assert.ok(files.stats.sent < 32 * MIB, `the server sent ${files.stats.sent} bytes`);
  });

  it("a declared Content-Length over the limit is refused before the body", async () => {
    const r = await api.form("POST", "/signature_request/send", {
      file_urls: [`${files.url}/declared`],
      signers: [{ email_address: "s@example.com", name: "S" }],
      test_mode: true,
    });
    expectErrorAt(r, 400, "file_urls.0");
    assert.match(r.body.error.error_msg, /too large/);
  });
});
