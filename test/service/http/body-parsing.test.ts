/**
 * Unit tests of the body parsers: bracket unflattening, multipart edge cases, routing.
 */
import assert from "node:assert/strict";
import { parseBody } from "../../../service/http/body";
import { isApiError } from "../../../service/http/errors";
import { unflatten } from "../../../service/http/form";
import { Router } from "../../../service/http/router";
import { pathMatches } from "../../../service/http/faults";

const mp = (parts: string[], boundary = "XyZ") => Buffer.from(parts.map((p) => `--${boundary}\r\n${p}\r\n`).join("") + `--${boundary}--\r\n`);

describe("service unit: body parsing", () => {
  it("unflattens brackets into arrays and objects", () => {
    assert.deepEqual(
      unflatten([
        ["domains[]", "a"],
        ["domains[]", "b"],
        ["oauth[scopes][]", "x"],
        ["oauth[callback_url]", "u"],
        ["signers[1][name]", "B"],
        ["signers[0][name]", "A"],
        ["plain", "p"],
      ]),
      { domains: ["a", "b"], oauth: { scopes: ["x"], callback_url: "u" }, signers: [{ name: "A" }, { name: "B" }], plain: "p" },
    );
    assert.deepEqual(
      unflatten([
        ["d", "a"],
        ["d", "b"],
      ]),
      { d: ["a", "b"] },
    );
  });

  it("rejects conflicting, malformed and dangerous names", () => {
    for (const pairs of [
      [
        ["a[]", "1"],
        ["a[x]", "2"],
      ],
      [["a[", "1"]],
      [["[x]", "1"]],
      [["__proto__[x]", "1"]],
      [
        ["a[b]", "1"],
        ["a", "2"],
      ],
    ] as [string, string][][]) {
      assert.throws(
        () => unflatten(pairs),
        (e: unknown) => isApiError(e) && e.status === 400,
        JSON.stringify(pairs),
      );
    }
  });

  it("parses multipart fields and files, with padding and quoted boundaries", () => {
    const body = mp([
      'Content-Disposition: form-data; name="name"\r\n\r\nApp',
      'Content-Disposition: form-data; name="domains[]"\r\n\r\na.com',
      'Content-Disposition: form-data; name="files[1]"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\nBBB',
      'Content-Disposition: form-data; name="files[0]"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\nA\r\nA',
      'Content-Disposition: form-data; name="skipped"; filename=""\r\n\r\n',
    ]);
    const r = parseBody('multipart/form-data; boundary="XyZ"', body);
    assert.equal(r.source, "form");
    assert.equal(r.body.name, "App");
    assert.deepEqual(r.body.domains, ["a.com"]);
    const files = r.body.files as { filename: string; content: Uint8Array }[];
    assert.deepEqual(
      files.map((f) => f.filename),
      ["a.pdf", "b.pdf"],
    );
    assert.equal(Buffer.from(files[0].content).toString(), "A\r\nA");
    assert.equal(r.files.length, 2);
    const padded = Buffer.from('--XyZ  \r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--');
    assert.deepEqual(parseBody("multipart/form-data; boundary=XyZ", padded).body, { a: "1" });
  });

  it("a single custom_logo_file stays one upload, a single files part becomes an array", () => {
    const body = mp(['Content-Disposition: form-data; name="custom_logo_file"; filename="l.png"\r\n\r\nPNG', 'Content-Disposition: form-data; name="files"; filename="x.pdf"\r\n\r\nPDF']);
    const r = parseBody("multipart/form-data; boundary=XyZ", body);
    assert.equal((r.body.custom_logo_file as { filename: string }).filename, "l.png");
    assert.ok(Array.isArray(r.body.files));
  });

  it("malformed bodies are 400 ApiErrors", () => {
    const bad: [string | undefined, string][] = [
      ["application/json", "{"],
      ["application/json", "[]"],
      ["application/json", '{"__proto__":{"x":1}}'],
      ["application/json", "[".repeat(100) + "{}" + "]".repeat(100)],
      ["multipart/form-data", "x"],
      ["multipart/form-data; boundary=q", "--q\r\nno-colon\r\n\r\nx\r\n--q--"],
      ["multipart/form-data; boundary=q", '--q\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
      ["text/csv", "a,b"],
    ];
    for (const [ct, raw] of bad) {
      assert.throws(
        () => parseBody(ct, Buffer.from(raw)),
        (e: unknown) => isApiError(e) && e.status === 400,
        `${ct} ${raw.slice(0, 30)}`,
      );
    }
    assert.deepEqual(parseBody(undefined, Buffer.alloc(0)).body, {});
  });
});

describe("service unit: routing and fault patterns", () => {
  const router = new Router([
    { method: "GET", path: "/template/{template_id}" },
    { method: "GET", path: "/template/list" },
    { method: "POST", path: "/template/create" },
  ] as const);

  it("literal segments win over parameters for every method; 405 lists the literal path's methods", () => {
    const m = router.match("GET", "/template/list");
    assert.equal(m.kind === "found" && m.route.path, "/template/list");
    const p = router.match("GET", "/template/abc%20d");
    assert.deepEqual(p.kind === "found" && p.params, { template_id: "abc d" });
    // The literal path is POST's alone: the {template_id} route does not lend it GET.
    assert.deepEqual(router.match("DELETE", "/template/create"), { kind: "method_not_allowed", allowed: ["POST"] });
    assert.deepEqual(router.match("GET", "/template/create"), { kind: "method_not_allowed", allowed: ["POST"] });
    assert.equal(router.match("GET", "/nothing").kind, "not_found");
  });

  it("fault path patterns", () => {
    assert.ok(pathMatches("/api_app/*", "/api_app/abc"));
    assert.ok(!pathMatches("/api_app/*", "/api_app/abc/def"));
    assert.ok(pathMatches("/team/**", "/team/members/x"));
    assert.ok(pathMatches("/v3/template/{id}", "/template/x"));
    assert.ok(pathMatches("/account", "/account/"));
  });
});
