/**
 * Inputs that can never work are refused at preview: check names the
 * property and the format rule, without a request, and lets through the forms the service
 * accepts (the official examples' values among them).
 */
import * as assert from "assert";
import { ProviderHarness } from "./support/harness";
import { assertCheckCases } from "./support/rules-table";

describe("fast tier: input formats refused at check", () => {
  let h: ProviderHarness;
  before(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  after(async () => h?.close());

  const app = { name: "Portal", domains: ["portal.example.com"] };

  it("ApiApp: each domain is a host name; callback URLs are http(s)", async () => {
    await assertCheckCases(h, "ApiApp", app, [
      { title: "a sentence", inputs: { ...app, domains: ["not a domain!"] }, property: "domains[0]", reason: /must be a host name/ },
      { title: "a URL", inputs: { ...app, domains: ["example.com", "https://example.com"] }, property: "domains[1]", reason: /must be a host name/ },
      { title: "a port", inputs: { ...app, domains: ["example.com:8443"] }, property: "domains[0]", reason: /must be a host name/ },
      { title: "an empty label", inputs: { ...app, domains: ["portal..example.com"] }, property: "domains[0]", reason: /must be a host name/ },
      { title: "a label ending in a hyphen", inputs: { ...app, domains: ["portal-.example.com"] }, property: "domains[0]", reason: /must be a host name/ },
      { title: "a bare wildcard", inputs: { ...app, domains: ["*.com"] }, property: "domains[0]", reason: /must be a host name/ },
      { title: "an empty string", inputs: { ...app, domains: [""] }, property: "domains[0]", reason: /must be a host name/ },
      { title: "a mailto: callback", inputs: { ...app, callbackUrl: "mailto:ops@example.com" }, property: "callbackUrl", reason: /must be an http or https URL/ },
      {
        title: "an ftp: OAuth callback",
        inputs: { ...app, oauth: { callbackUrl: "ftp://example.com/oauth", scopes: ["basic_account_info"] } },
        property: "oauth.callbackUrl",
        reason: /must be an http or https URL/,
      },
      { title: "a colour name", inputs: { ...app, whiteLabelingOptions: { primaryButtonColor: "blue" } }, property: "whiteLabelingOptions.primaryButtonColor", reason: /hex color/ },
      // The service wants six-digit codes (S12 premium-branding; D76): the three-digit CSS form never reaches it.
      { title: "a three-digit colour", inputs: { ...app, whiteLabelingOptions: { linkColor: "#abc" } }, property: "whiteLabelingOptions.linkColor", reason: /six-digit hex color/ },
    ]);
  });

  it("ApiApp: host names the service accepts pass (upper case, digits, xn--, localhost, *.)", async () => {
    const domains = ["Example.COM", "a-1.example.co.uk", "xn--bcher-kva.example", "localhost", "*.example.com", "127.0.0.1"];
    const result = await h.resource("ApiApp").check({ ...app, domains, callbackUrl: "http://127.0.0.1:8080/events" });
    assert.deepStrictEqual(result.failures ?? [], []);
  });

  it("FaxLine: the area code has the country's digits", async () => {
    const line = { areaCode: 415, country: "US" };
    await assertCheckCases(h, "FaxLine", line, [
      { title: "two digits in the US", inputs: { areaCode: 41, country: "US" }, property: "areaCode", reason: /a US area code is three digits, 200 to 999/ },
      { title: "a leading 1 in Canada", inputs: { areaCode: 141, country: "CA" }, property: "areaCode", reason: /a CA area code is three digits/ },
      { title: "six digits in the UK", inputs: { areaCode: 123456, country: "UK" }, property: "areaCode", reason: /a UK area code is two to five digits/ },
    ]);
    assert.deepStrictEqual((await h.resource("FaxLine").check({ areaCode: 20, country: "UK" })).failures ?? [], []);
  });

  it("every resource: a value of the wrong type is refused by its inputs schema, even where no wire rule reads it", async () => {
    await assertCheckCases(h, "ApiApp", app, [
      { title: "adopt as a string", inputs: { ...app, adopt: "yes" }, property: "adopt", reason: /boolean/ },
      { title: "a logo path as a number", inputs: { ...app, customLogoFile: 7 }, property: "customLogoFile", reason: /string/ },
    ]);
    await assertCheckCases(h, "Team", {}, [{ title: "adopt as a number", inputs: { adopt: 1 }, property: "adopt", reason: /boolean/ }]);
    await assertCheckCases(h, "TemplateAccess", { templateId: "t1", emailAddress: "a@example.com" }, [
      { title: "skipNotification as a string", inputs: { templateId: "t1", emailAddress: "a@example.com", skipNotification: "no" }, property: "skipNotification", reason: /boolean/ },
    ]);
  });

  it("the inputs schema checks types, not presence: a template adopted by templateId needs none of its content", async () => {
    assert.deepStrictEqual((await h.resource("Template").check({ templateId: "0123456789abcdef" })).failures ?? [], []);
  });

  it("a property both the wire rule and the inputs schema refuse is named once, with the service's rule", async () => {
    const failures = (await h.resource("ApiApp").check({ ...app, name: 5 })).failures ?? [];
    assert.deepStrictEqual(
      failures.map((f) => f.property),
      ["name"],
    );
  });
});
