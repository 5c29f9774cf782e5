/**
 * Fuzz: every route of the table (service/areas, including part 2's) gets malformed
 * bodies, wrong types, huge strings and wrong content types. The service must never
 * answer 500 and must always answer with the error envelope (or a success). The service
 * refuses a body key its operation does not take before it judges any value (D126), so each
 * JSON probe is also sent with only the keys the route's operation takes, to reach the value
 * checks, and a key no operation takes must be refused with the recorded text.
 */
import assert from "node:assert/strict";
import { operations, type OperationSpec } from "../../../contract";
import { defOf, WRAPPER_TYPES } from "../../../contract/zod-def";
import { allRoutes } from "../../../service/areas";
import type { Route } from "../../../service/kernel";
import { Api, startForTest, type Res } from "../support/api";
import type { RunningService } from "../../../service";

const HUGE = "x".repeat(300_000);

/** A concrete path for a route pattern, with a parameter value. */
const fill = (path: string, v: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(v));

type Probe = { name: string; opts: Parameters<Api["req"]>[2]; value?: string };

const BODY_PROBES: Probe[] = [
  { name: "broken JSON", opts: { raw: '{"a":', contentType: "application/json" } },
  { name: "JSON array", opts: { raw: "[1,2,3]", contentType: "application/json" } },
  { name: "JSON null", opts: { raw: "null", contentType: "application/json" } },
  { name: "JSON string", opts: { raw: '"hi"', contentType: "application/json" } },
  {
    name: "wrong types",
    opts: {
      json: {
        name: 5,
        domains: "x",
        files: 3,
        file_urls: {},
        signer_roles: "a",
        form_fields_per_document: [1],
        number: [],
        account_id: {},
        email_address: 7,
        page: "x",
        metadata: [],
        area_code: "abc",
        country: 1,
        title: [],
        test_mode: "maybe",
      },
    },
  },
  { name: "nulls", opts: { json: { name: null, domains: null, account_id: null, number: null, oauth: null, white_labeling_options: null } } },
  { name: "huge strings", opts: { json: { name: HUGE, title: HUGE, message: HUGE, subject: HUGE, email_address: HUGE, account_id: HUGE, number: HUGE, domains: [HUGE], callback_url: HUGE } } },
  { name: "deep nesting", opts: { raw: "[".repeat(5000) + "]".repeat(5000), contentType: "application/json" } },
  { name: "text/plain", opts: { raw: "hello", contentType: "text/plain" } },
  { name: "xml", opts: { raw: "<a/>", contentType: "application/xml" } },
  { name: "multipart without boundary", opts: { raw: "abc", contentType: "multipart/form-data" } },
  { name: "truncated multipart", opts: { raw: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue', contentType: "multipart/form-data; boundary=b" } },
  { name: "multipart junk headers", opts: { raw: "--b\r\nnonsense\r\n\r\nx\r\n--b--", contentType: "multipart/form-data; boundary=b" } },
  { name: "urlencoded brackets", opts: { urlencoded: "a[b][c][d][e][f][g][h][i][j]=1&x[]=1&x[k]=2&__proto__[p]=1&files[0]=notafile" } },
  { name: "urlencoded garbage", opts: { urlencoded: "%%%%&&==&name=%E0%A4%A" } },
  { name: "binary", opts: { raw: Buffer.from([0, 255, 1, 254, 0x7b, 0x22]), contentType: "application/json" } },
  {
    name: "unexpected uploads",
    opts: {
      raw:
        '--b\r\nContent-Disposition: form-data; name="files[0]"; filename="a.pdf"\r\n\r\n%PDF-1.4 junk\r\n' +
        '--b\r\nContent-Disposition: form-data; name="custom_logo_file"; filename="l.png"\r\n\r\nPNG\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="f.pdf"\r\n\r\nnot a pdf\r\n' +
        '--b\r\nContent-Disposition: form-data; name="number"; filename="n.txt"\r\n\r\n123\r\n--b--\r\n',
      contentType: "multipart/form-data; boundary=b",
    },
  },
  { name: "bad query", opts: { query: { page: "-1", page_size: "abc", account_id: HUGE.slice(0, 5000), number: "", show_team_lines: "perhaps", country: "XX" } } },
];

/** The top-level body keys a route's operation takes (none for routes outside the contract). */
function bodyKeys(route: Route): Set<string> {
  let schema = route.operation ? (operations[route.operation] as OperationSpec).body : undefined;
  while (schema) {
    const def = defOf(schema);
    if (def.type === "object") return new Set(Object.keys(def.shape ?? {}));
    schema = WRAPPER_TYPES.has(def.type) ? def.innerType : def.type === "pipe" ? def.in : undefined;
  }
  return new Set();
}

/** The JSON probes again with only the keys the route takes, so their values reach the contract's checks. */
function takenProbes(route: Route): Probe[] {
  const keys = bodyKeys(route);
  return BODY_PROBES.flatMap((p) => {
    const json = p.opts?.json;
    if (!json || typeof json !== "object") return [];
    const kept = Object.fromEntries(Object.entries(json).filter(([k]) => keys.has(k)));
    return Object.keys(kept).length ? [{ name: `${p.name} (keys the route takes)`, opts: { json: kept } }] : [];
  });
}

function check(r: Res, what: string): void {
  assert.notEqual(r.status, 500, `${what}: 500 ${r.text.slice(0, 300)}`);
  assert.ok(r.status < 500 || r.status === 503, `${what}: ${r.status}`);
  if (r.status >= 400) {
    assert.equal(typeof r.body?.error?.error_msg, "string", `${what}: no envelope: ${r.text.slice(0, 300)}`);
    assert.equal(typeof r.body?.error?.error_name, "string", `${what}: no envelope`);
  }
}

describe("service: fuzz every route", function () {
  this.timeout(300_000);
  let svc: RunningService;
  let api: Api;
  let errors: string[];
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "enterprise" }));
    errors = [];
    const orig = console.error;
    console.error = (...a: unknown[]) => {
      errors.push(a.map(String).join(" "));
      orig(...a);
    };
    after(() => (console.error = orig));
  });
  after(() => svc.close());

  const routes = allRoutes();

  it("enumerates the route table", () => {
    assert.ok(routes.length >= 30, `only ${routes.length} routes`);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      for (const id of ["x", "0".repeat(40), "../..", "%00", "+14155550100"]) {
        for (const p of [...BODY_PROBES, ...takenProbes(route)]) check(await api.req(route.method, fill(route.path, id), p.opts), `${route.method} ${route.path} [${id}] ${p.name}`);
      }
      if (route.operation) {
        const unknown = await api.req(route.method, fill(route.path, "x"), { json: { no_operation_takes_this: 1 } });
        assert.deepEqual(unknown.body?.error, { error_msg: "Invalid parameter: no_operation_takes_this", error_name: "bad_request" }, `${route.method} ${route.path}: ${unknown.text}`);
      }
      check(await api.req(route.method, fill(route.path, "x"), { key: null, json: {} }), "no auth");
      check(await api.req(route.method, fill(route.path, "x"), { key: "wrong", raw: "{", contentType: "application/json" }), "bad key");
    });
  }

  it("control plane routes", async () => {
    const { controlRoutes } = await import("../../../service/control");
    const appRec = (await api.post("/api_app", { name: "f", domains: ["f.com"] })).body.api_app;
    for (const r of controlRoutes(svc.app)) {
      if (r.path === "/reset") continue;
      for (const id of ["x", appRec.client_id, svc.accountId, "%2B1415"]) {
        for (const p of BODY_PROBES) check(await api.req(r.method, `/_local${fill(r.path, id)}`, { ...p.opts, key: null }), `${r.method} /_local${r.path} [${id}] ${p.name}`);
      }
    }
    // Whatever the control plane accepted, the API still answers cleanly.
    for (const path of ["/api_app/list", `/api_app/${appRec.client_id}`, "/team", "/template/list", "/fax_line/list"]) check(await api.get(path), path);
  });

  it("no internal error was logged", () => {
    assert.deepEqual(
      errors.filter((e) => e.includes("internal error")),
      [],
    );
  });
});
