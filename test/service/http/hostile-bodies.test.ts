/**
 * Hostile request bodies: parsing is linear and bounded, bad bracket indexes and deep JSON in
 * form fields are 400s in the error envelope, unknown fields are refused or bounded, and a reply that
 * cannot be written is a 500 for that request only.
 */
import assert from "node:assert/strict";
import * as http from "node:http";
import { createApp, type RunningService } from "../../../service";
import { areas } from "../../../service/areas";
import { rawRoute } from "../../../service/http/route";
import type { Area } from "../../../service/kernel";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import { pdf } from "../support/files";

const timed = async <T>(p: Promise<T>): Promise<{ value: T; ms: number }> => {
  const t0 = Date.now();
  const value = await p;
  return { value, ms: Date.now() - t0 };
};

describe("service: form parsing", function () {
  this.timeout(30_000);
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it("32,000 domains[] pairs are answered in well under a second, and a concurrent small request promptly", async () => {
    const body = Array.from({ length: 32_000 }, () => "domains[]=x.com").join("&") + "&name=big";
    assert.ok(body.length > 500_000);
    const big = timed(api.req("POST", "/api_app", { urlencoded: body }));
    const small = timed(api.get("/account"));
    const [b, s] = await Promise.all([big, small]);
    expectEnvelope(b.value, 400, "bad_request");
    expectStatus(s.value, 200);
    // The service's own time for the big form (its request log), so a busy test machine's
    // client side does not count; before the fix it was 44 s, and the small request waited as long.
    const log = (await api.ctl("GET", "/requests")).body.requests as { method: string; path: string; status: number; duration_ms: number }[];
    const served = log.find((e) => e.method === "POST" && e.path === "/v3/api_app" && e.status === 400)!;
    assert.ok(served.duration_ms < 1000, `big form took ${served.duration_ms} ms in the service (${b.ms} ms round trip)`);
    assert.ok(s.ms < 2000, `small request took ${s.ms} ms`);
  });

  it("the largest allowed form (10,000 fields) is parsed in linear time", async () => {
    const body = Array.from({ length: 9_999 }, (_, i) => `metadata[k${i}]=v`).join("&");
    const r = await timed(api.req("POST", "/api_app", { urlencoded: `name=n&domains[]=a.com&${body}` }));
    expectEnvelope(r.value, 400); // metadata is not a field of api_app.create: the contract says so
    assert.ok(r.ms < 1000, `${r.ms} ms`);
  });

  it("an absurd bracket index is a 400 naming the field, not a stack overflow", async () => {
    const r = await api.req("POST", "/api_app", { urlencoded: "name=a&domains[199999]=x&domains[]=y" });
    expectEnvelope(r, 400, "bad_request");
    assert.match(r.body.error.error_msg, /too large/);
    assert.equal(r.body.error.error_path, "domains[199999]");
    const many = Array.from({ length: 9_000 }, (_, i) => `domains[${i}]=x`).join("&") + "&domains[]=y&name=a";
    expectEnvelope(await api.req("POST", "/api_app", { urlencoded: many }), 400, "bad_request");
  });

  it("duplicate indexes (domains[00] beside domains[0], an index given twice) are a 400, not a merge", async () => {
    for (const form of ["name=a&domains[00]=a&domains[0]=b", "name=a&domains[0]=a&domains[0]=b", "name=a&domains[]=a&domains[0]=b"]) {
      const r = await api.req("POST", "/api_app", { urlencoded: form });
      expectEnvelope(r, 400, "bad_request");
    }
    const ok = await api.req("POST", "/api_app", { urlencoded: "name=a&domains[1]=b.com&domains[0]=a.com" });
    expectStatus(ok, 201);
    assert.deepEqual(ok.body.api_app.domains, ["a.com", "b.com"]);
  });

  it("a JSON string inside a form field gets the depth rule of JSON bodies", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    for (const send of [
      () => api.req("POST", "/api_app", { urlencoded: `name=a&domains[]=a.com&options=${encodeURIComponent(`{"x":${deep}}`)}` }),
      () => {
        const form = new FormData();
        form.set("name", "a");
        form.set("domains[]", "a.com");
        form.set("options", `{"x":${deep}}`);
        return api.req("POST", "/api_app", { form });
      },
      () => api.req("POST", "/api_app", { raw: `{"name":"a","domains":["a.com"],"options":{"x":${deep}}}`, contentType: "application/json" }),
    ]) {
      const r = await send();
      expectEnvelope(r, 400, "bad_request");
      assert.match(r.body.error.error_msg, /nested too deeply/);
    }
  });

  // D126 (was D18): a key an object of the description does not name is refused (options names one key);
  // a key inside an open object (a signer: keys "not shown") is kept, bounded like a metadata value.
  it("unknown keys: refused where the description names every key, kept but bounded inside open objects", async () => {
    const refused = await api.post("/api_app", { name: "u", domains: ["u.com"], options: { can_insert_everywhere: true, extra: "fine" } });
    expectEnvelope(refused, 400, "bad_request");
    assert.equal(refused.body.error.error_msg, "Invalid parameter: extra");
    const send = (extra: Record<string, unknown>) =>
      api.form("POST", "/signature_request/send", { "files[0]": pdf(1), test_mode: "1", signers: [{ name: "J", email_address: "j@example.com", ...extra }] });
    expectStatus(await send({ extra: "fine" }), 200);
    const big = await send({ junk: "x".repeat(45_000) });
    expectEnvelope(big, 400, "bad_request");
    assert.equal(big.body.error.error_path, "signers.0.junk");
    const huge = await api.req("POST", "/api_app", { raw: JSON.stringify({ name: "u3", domains: ["u.com"], options: { junk: "x".repeat(3 * 1024 * 1024) } }), contentType: "application/json" });
    expectEnvelope(huge, 413);
    expectStatus(await api.get("/api_app/list"), 200);
  });
});

describe("service: a reply that cannot be written", () => {
  it("is a 500 envelope for that request; the process keeps serving", async () => {
    const broken: Area = {
      name: "broken",
      routes: [rawRoute({ method: "GET", path: "/broken" }, () => ({ status: 200, body: { n: 1n } }))],
    };
    const app = createApp({ apiKey: "k" }, [...areas, broken]);
    const server = http.createServer(app.handler);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const api = new Api({ url: `http://127.0.0.1:${port}`, baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: "k" } as RunningService);
    try {
      const r = await api.get("/broken");
      expectEnvelope(r, 500, "unknown");
      expectStatus(await api.get("/account"), 200);
    } finally {
      server.close();
      server.closeAllConnections();
      await app.close();
    }
  });
});
