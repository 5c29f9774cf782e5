/**
 * PUT /account as the description's AccountUpdateRequest: every key optional, `locale` and
 * `callback_url` strings. A number or an object for either is a 400 naming the field; a locale
 * given is kept and answered by GET /account.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: PUT /account", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it("refuses a locale or callback_url that is not a string, naming the field, and changes nothing", async () => {
    for (const locale of [12345, { a: 1 }, ["en-US"], true, null]) expectErrorAt(await api.put("/account", { locale }), 400, "locale");
    expectErrorAt(await api.put("/account", { callback_url: 5 }), 400, "callback_url");
    assert.equal((await api.get("/account")).body.account.locale, undefined);
  });

  it("keeps a string locale and answers it; an empty body changes nothing", async () => {
    const r = await api.put("/account", { locale: "fr-FR" });
    expectStatus(r);
    assert.equal(r.body.account.locale, "fr-FR");
    expectStatus(await api.put("/account", {}));
    assert.equal((await api.get("/account")).body.account.locale, "fr-FR");
  });
});
