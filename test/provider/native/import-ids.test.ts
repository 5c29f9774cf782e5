/** Import ids -> the properties each resource's read needs (provider/native/import-ids.ts). */
import * as assert from "assert";
import { propsFromId } from "../../../provider/native/import-ids";

describe("native plugin: import ids", () => {
  it("splits membership ids into parent and person (account id or e-mail)", () => {
    assert.deepStrictEqual(propsFromId("TeamMember", "t1/alice@example.com"), { teamId: "t1", emailAddress: "alice@example.com" });
    assert.deepStrictEqual(propsFromId("TeamMember", "t1/acc1"), { teamId: "t1", accountId: "acc1" });
    assert.deepStrictEqual(propsFromId("TemplateAccess", "tpl/acc1"), { templateId: "tpl", accountId: "acc1" });
    assert.deepStrictEqual(propsFromId("FaxLineUser", "+14155550123/acc1"), { number: "+14155550123", accountId: "acc1" });
    assert.deepStrictEqual(propsFromId("ApiApp", "abc"), {});
  });

  it("a malformed id fails naming the format", () => {
    assert.throws(() => propsFromId("FaxLineUser", "+14155550123"), /FaxLineUser import: the id must be <number>\/<accountId>, got "\+14155550123"/);
    assert.throws(() => propsFromId("TemplateAccess", "tpl/"), /<templateId>\/<accountId>/);
  });
});
