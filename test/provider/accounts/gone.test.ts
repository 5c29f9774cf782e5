/**
 * "Gone" means gone: only a 404 with the service's error envelope marks an object deleted. A
 * proxy's 404 page (or any non-envelope 404) fails the read in one line naming the URL, and
 * the state keeps the object; a base URL without /v3 is refused at check.
 */
import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import { ProviderHarness } from "../support/harness";

describe("provider (in process): only an envelope 404 means gone", () => {
  let h: ProviderHarness;
  let proxy: http.Server;
  let proxyUrl: string;
  before(async () => {
    h = await ProviderHarness.start();
    // A reverse proxy that passes GET /v3/account through and answers everything else with its own HTML 404 page.
    proxy = http.createServer((req, res) => {
      if (req.url === "/v3/account") {
        void fetch(`${h.svc.url}${req.url}`, { headers: { authorization: req.headers.authorization ?? "" } }).then(async (r) => {
          res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text());
        });
        return;
      }
      res.writeHead(404, { "content-type": "text/html" }).end("<html><body><h1>404 Not Found</h1>nginx</body></html>");
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v3`;
  });
  after(async () => {
    proxy?.close();
    await h?.close();
  });
  afterEach(() => {
    h.set({ "esign:baseUrl": h.svc.baseUrl });
    h.nextRun();
  });

  it("a proxy's HTML 404 fails the read naming the URL; it is not taken for gone", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create({ name: "Portal", domains: ["portal.example.com"] });
    h.nextRun();
    h.set({ "esign:baseUrl": proxyUrl });
    await assert.rejects(
      apps.read(made.id, made.outs),
      new RegExp(
        `^esign: api_app\\.\\w+ GET /api_app/\\S+ failed with 404 not_the_api: ${proxyUrl.replace(/[./:]/g, "\\$&")}/api_app/\\S+ answered 404 without the API's error envelope \\(text/html\\): is the base URL the API's /v3\\?`,
      ),
    );
    await assert.rejects(apps.delete(made.id, made.outs), /not_the_api/, "nor does a delete count it as done");
  });

  it("the service's envelope 404 for a deleted object marks it gone", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create({ name: "Doomed", domains: ["doomed.example.com"] });
    const removed = await h.control("DELETE", `/api_apps/${made.id}`);
    assert.strictEqual(removed.status, 200, JSON.stringify(removed.body));
    h.nextRun();
    const read = await apps.read(made.id, made.outs);
    assert.strictEqual(read.id, "");
  });

  it("a base URL without /v3 (where every path is the service's 'no such endpoint' 404) is refused at check", async () => {
    h.set({ "esign:baseUrl": h.svc.url });
    await assert.rejects(h.resource("ApiApp").check({ name: "X", domains: ["x.example.com"] }), /esign:baseUrl: must be the API's http\(s\) URL ending in \/v3/);
  });

  it("a refresh under a base URL without /v3 fails naming the URL, with no request; the object is not gone", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create({ name: "Kept", domains: ["kept.example.com"] });
    h.nextRun();
    h.set({ "esign:baseUrl": h.svc.url });
    const { calls } = await h.counting(() =>
      assert.rejects(
        apps.read(made.id, made.outs),
        new RegExp(`^esign: invalid provider settings: esign:baseUrl: must be the API's http\\(s\\) URL ending in /v3 \\(e\\.g\\. https://api\\.hellosign\\.com/v3\\), got "${h.svc.url}"$`),
      ),
    );
    assert.deepStrictEqual(calls, []);
  });
});
