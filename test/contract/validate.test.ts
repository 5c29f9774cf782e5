/** validate() / validateRequest(): dotted paths, rule-naming messages, and form coercion for the service. */
import { strict as assert } from "node:assert";
import { apiAppCreateBody, coerceFormValue, signatureRequestEditBody, teamAddMemberBody, validate, validateRequest } from "../../contract";

describe("contract: validate", () => {
  it("returns the parsed value with defaults", () => {
    assert.deepEqual(validateRequest("team.create", { body: {} }), { ok: true, value: { params: {}, query: {}, body: { name: "Untitled Team" } } });
  });

  it("reports dotted paths and messages that name the rule", () => {
    const result = validateRequest("template.create", {
      body: { file_urls: ["https://example.com/a.pdf"], signer_roles: [{ order: 1 }], form_fields_per_document: [] },
    });
    assert.deepEqual(result, { ok: false, issues: [{ path: "signer_roles.0.name", message: "is required" }] });
  });

  it("reports unknown white labeling keys and wrong types", () => {
    const result = validate(apiAppCreateBody, { name: 3, domains: ["a.com"], white_labeling_options: { primary_colour: "#fff" } });
    assert.ok(!result.ok);
    assert.deepEqual(
      result.issues.map((issue) => issue.path),
      ["name", "white_labeling_options"],
    );
    assert.equal(result.issues[0].message, "must be a string");
    assert.match(result.issues[1].message, /unknown white labeling key\(s\): primary_colour/);
  });

  it("accepts account_id or email_address", () => {
    assert.ok(validate(teamAddMemberBody, { account_id: "a" }).ok);
    assert.ok(validate(teamAddMemberBody, { email_address: "a@example.com", role: "Team Manager" }).ok);
  });

  it("validates page_range syntax", () => {
    const detect = (page_range: string) => validateRequest("document.detect_fields", { body: { file_url: "https://example.com/a.pdf", detection_mode: "text_tags", page_range } }).ok;
    for (const good of ["all", "0", "0,2", "1-3", "0,2-4,7"]) assert.ok(detect(good), good);
    for (const bad of ["", "ALL", "1-", "-1", "a", "1,,2", "3-1", "1 - 2"]) assert.ok(!detect(bad), bad);
  });
});

describe("contract: form coercion (service side)", () => {
  it("coerces query and path values from strings, always", () => {
    const result = validateRequest("fax_line.list", { query: { page: "2", page_size: "50", show_team_lines: "1" } });
    assert.deepEqual(result.ok && result.value.query, { page: 2, page_size: 50, show_team_lines: true });
    const bad = validateRequest("fax.list", { query: { page_size: "many" } });
    assert.deepEqual(!bad.ok && bad.issues, [{ path: "page_size", message: "must be a number" }]);
  });

  it("coerces form bodies: booleans, integers, JSON arrays and objects, single values", () => {
    const result = validateRequest(
      "api_app.create",
      {
        body: {
          name: "App",
          domains: "example.com",
          oauth: { callback_url: "https://example.com/cb", scopes: '["basic_account_info","request_signature"]' },
          options: '{"can_insert_everywhere":"true"}',
          white_labeling_options: '{"primary_button_color":"#00b3e6","legal_version":"terms2"}',
        },
      },
      { source: "form" },
    );
    assert.ok(result.ok, JSON.stringify(!result.ok && result.issues));
    assert.deepEqual(result.value.body.domains, ["example.com"]);
    assert.deepEqual(result.value.body.options, { can_insert_everywhere: true });
    assert.deepEqual((result.value.body.oauth as { scopes: string[] }).scopes, ["basic_account_info", "request_signature"]);
  });

  it("handles bracket-unflattened objects with numeric keys as arrays", () => {
    const result = validateRequest("fax_line.create", { body: { area_code: "415", country: "US" } }, { source: "form" });
    assert.deepEqual(result.ok && result.value.body, { area_code: 415, country: "US" });
    const signers = coerceFormValue(signatureRequestEditBody, { signers: { 0: { name: "A", email_address: "a@example.com", order: "0" } }, test_mode: "0" });
    assert.deepEqual(signers, { signers: [{ name: "A", email_address: "a@example.com", order: 0 }], test_mode: false });
  });

  it("does not coerce JSON bodies", () => {
    const result = validateRequest("fax_line.create", { body: { area_code: "415", country: "US" } }, { source: "json" });
    assert.deepEqual(!result.ok && result.issues, [{ path: "area_code", message: "must be a number" }]);
  });
});

describe("contract: form coercion of literals", () => {
  it("turns a query string into the numeric literal it spells", () => {
    const result = validateRequest("template.files_as_file_url", { params: { template_id: "t" }, query: { force_download: "0" } });
    assert.deepEqual(result.ok && result.value.query, { force_download: 0 });
    const bad = validateRequest("template.files_as_file_url", { params: { template_id: "t" }, query: { force_download: "2" } });
    assert.deepEqual(!bad.ok && bad.issues, [{ path: "force_download", message: "must be 0 or 1" }]);
  });
});
