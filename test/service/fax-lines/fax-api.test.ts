/**
 * The Fax API as documented: buying a line needs a paid, enabled Dropbox Fax plan (S12,
 * help.dropbox.com setup-dropbox-fax-api; developers.hellosign.com/docs/guides/fax); the answer
 * without it is ours (402 payment_required, none is recorded). The official examples:
 * FaxLineCreateRequest.json {"area_code":209,"country":"US"}, FaxLineAreaCodeGetResponse.json
 * (California's codes, as integers) and FaxLineResponse.json (the line's account is_paid_hf: true).
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

const CA_EXAMPLE = [209, 213, 310, 323, 408, 415, 424, 510, 530, 559, 562, 619, 626, 650, 657, 661, 669, 707, 714, 747, 760, 805, 818, 831, 858, 909, 916, 925, 949, 951];

describe("service: the Fax API", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it("the documented example {area_code: 209, country: US} buys a line; its account is_paid_hf", async () => {
    const r = await api.post("/fax_line/create", { area_code: 209, country: "US" });
    expectStatus(r);
    assert.match(r.body.fax_line.number, /^\+1209\d{7}$/);
    assert.equal(r.body.fax_line.accounts[0].is_paid_hf, true);
    assert.equal((await api.get("/account")).body.account.is_paid_hf, true);
  });

  it("GET /fax_line/area_codes for California is the official example's list, as integers", async () => {
    const r = await api.get("/fax_line/area_codes", { query: { country: "US", state: "CA" } });
    expectStatus(r);
    assert.deepEqual(r.body.area_codes, CA_EXAMPLE);
    const la = await api.get("/fax_line/area_codes", { query: { country: "US", state: "CA", city: "Los Angeles" } });
    assert.deepEqual(la.body.area_codes, [213, 310, 323, 424]);
    const ny = await api.get("/fax_line/area_codes", { query: { country: "US", state: "NY" } });
    assert.ok(ny.body.area_codes.includes(212));
  });

  it("an account without the Fax API: 402 payment_required, no line bought; the control plane gives it the product", async () => {
    const plain = await api.newAccount({ plan: "premium" });
    assert.equal((await plain.api.get("/account")).body.account.is_paid_hf, false);
    const r = await plain.api.post("/fax_line/create", { area_code: 415, country: "US" });
    expectEnvelope(r, 402, "payment_required");
    assert.match(r.body.error.error_msg, /Fax/);
    assert.equal((await plain.api.get("/fax_line/list")).body.list_info.num_results, 0);
    const patched = await api.ctl("PATCH", `/accounts/${plain.account_id}`, { fax: true });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.addons.fax, true);
    expectStatus(await plain.api.post("/fax_line/create", { area_code: 415, country: "US" }));
    const born = await api.newAccount({ fax: true });
    expectStatus(await born.api.post("/fax_line/create", { area_code: 209, country: "US" }));
  });
});

describe("service: the start account without the Fax API (fax: false)", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ fax: false })));
  after(() => svc.close());

  it("cannot buy a line", async () => {
    expectEnvelope(await api.post("/fax_line/create", { area_code: 209, country: "US" }), 402, "payment_required");
    assert.equal((await api.get("/account")).body.account.is_paid_hf, false);
  });
});
