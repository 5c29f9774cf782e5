/**
 * The format rules of free-text inputs, on the contract's own schemas (D64): what is refused
 * and, as important, what the real service accepts and must keep passing.
 */
import { strict as assert } from "node:assert";
import { apiAppCreateBody, faxLineCreateBody, signerSchema } from "../../contract";
import { hostName, httpUrl } from "../../contract/primitives";

const passes = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe("contract: input formats", () => {
  it("hostName: RFC 1123 labels, optional *. before two labels, at most 253 characters", () => {
    const ok = ["example.com", "Portal.Example.COM", "a-b.c0.example.co.uk", "localhost", "xn--bcher-kva.example", "*.example.com", "127.0.0.1", `${"a".repeat(63)}.com`];
    const bad = [
      "",
      "not a domain!",
      "https://example.com",
      "example.com/path",
      "example.com:443",
      "-a.com",
      "a-.com",
      "a..com",
      ".a.com",
      "a.com.",
      "*.com",
      "a.*.com",
      "**.a.com",
      "a_b.com",
      "bücher.example",
      `${"a".repeat(64)}.com`,
      `${"a.".repeat(126)}ab`,
    ];
    for (const value of ok) assert.ok(passes(hostName(), value), `accepts ${value}`);
    for (const value of bad) assert.ok(!passes(hostName(), value), `refuses ${JSON.stringify(value)}`);
  });

  it("httpUrl: http and https with a host only", () => {
    for (const value of ["https://example.com/cb", "http://127.0.0.1:8080/events?x=1"]) assert.ok(passes(httpUrl(), value), value);
    for (const value of ["mailto:a@example.com", "ftp://example.com/a.pdf", "javascript:alert(1)", "file:///etc/passwd", "example.com/cb", "https://"]) {
      assert.ok(!passes(httpUrl(), value), value);
    }
  });

  it("an API app's domains and callback URLs use them; a cleared callback_url stays allowed on create", () => {
    const base = { name: "a", domains: ["example.com"] };
    assert.ok(passes(apiAppCreateBody, { ...base, callback_url: "https://example.com/cb" }));
    assert.ok(!passes(apiAppCreateBody, { ...base, domains: ["example.com", "nope nope"] }));
    assert.ok(!passes(apiAppCreateBody, { ...base, callback_url: "mailto:a@example.com" }));
  });

  it("a signer's pin: 4 to 12 characters", () => {
    const signer = { name: "Ann", email_address: "ann@example.com" };
    for (const pin of ["1234", "d79a3td", "123456789012"]) assert.ok(passes(signerSchema, { ...signer, pin }), pin);
    for (const pin of ["", "123", "1234567890123"]) assert.ok(!passes(signerSchema, { ...signer, pin }), pin);
  });

  it("fax area codes: three digits 200-999 in the US and Canada, two to five digits in the UK", () => {
    for (const [area_code, country] of [
      [415, "US"],
      [200, "US"],
      [999, "CA"],
      [20, "UK"],
      [15396, "UK"],
    ] as const) {
      assert.ok(passes(faxLineCreateBody, { area_code, country }), `${country} ${area_code}`);
    }
    for (const [area_code, country] of [
      [41, "US"],
      [199, "US"],
      [1000, "US"],
      [141, "CA"],
      [2, "UK"],
      [123456, "UK"],
    ] as const) {
      assert.ok(!passes(faxLineCreateBody, { area_code, country }), `${country} ${area_code}`);
    }
  });
});
