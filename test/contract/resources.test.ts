/** Response schemas keep unknown keys and accept null where the spec allows empty fields. */
import { strict as assert } from "node:assert";
import {
  apiAppSchema,
  detectionResultSchema,
  errorEnvelopeSchema,
  faxSchema,
  listInfoSchema,
  signatureRequestSchema,
  teamInfoSchema,
  teamSchema,
  templateSchema,
  unclaimedDraftSchema,
  validate,
} from "../../contract";

describe("contract: resource schemas", () => {
  it("keeps unknown keys", () => {
    const result = validate(apiAppSchema, { client_id: "c", name: "A", charges_users: false, future_field: { x: 1 } });
    assert.deepEqual(result.ok && result.value.future_field, { x: 1 });
  });

  it("accepts null where the spec allows empty fields", () => {
    assert.ok(validate(apiAppSchema, { client_id: "c", callback_url: null, oauth: null, white_labeling_options: null }).ok);
    assert.ok(validate(apiAppSchema, { client_id: "c", oauth: { callback_url: "https://x", scopes: [], secret: null } }).ok);
    assert.ok(validate(listInfoSchema, { page: 1, num_pages: 0, num_results: null, page_size: 20 }).ok);
    assert.ok(
      validate(signatureRequestSchema, {
        signature_request_id: "s",
        signing_redirect_url: null,
        template_ids: null,
        signatures: [{ signature_id: "g", signer_role: null, signed_at: null, last_viewed_at: null, last_reminded_at: null, status_code: "awaiting_signature" }],
        attachments: [{ id: "a", instructions: null, uploaded_at: null, required: true }],
      }).ok,
    );
    assert.ok(validate(unclaimedDraftSchema, { claim_url: "https://x", signature_request_id: null, signing_redirect_url: null, requesting_redirect_url: null, expires_at: null }).ok);
    assert.ok(validate(teamInfoSchema, { team_id: "t", name: "T", parent_team: null, team_parent: null }).ok);
  });

  it("parses nested documents, form fields and camelCase text field keys", () => {
    const result = validate(templateSchema, {
      template_id: "t",
      documents: [
        {
          index: 0,
          name: "a.pdf",
          field_groups: [{ name: "g", rule: "require_1-ormore" }],
          form_fields: [
            {
              api_id: "f",
              type: "text",
              signer: "1",
              x: 1,
              y: 2,
              width: 3,
              height: 4,
              required: false,
              group: null,
              avg_text_length: { num_lines: 1, num_chars_per_line: 20 },
              isMultiline: false,
              originalFontSize: 12,
              fontFamily: "helvetica",
            },
          ],
        },
      ],
      accounts: [{ account_id: "a", email_address: "a@example.com", is_locked: false, quotas: { templates_left: null, documents_left: null } }],
    });
    assert.ok(result.ok, JSON.stringify(!result.ok && result.issues));
  });

  it("requires the identifying fields", () => {
    const result = validate(teamSchema, { accounts: [] });
    assert.deepEqual(!result.ok && result.issues, [{ path: "name", message: "is required" }]);
    assert.ok(!validate(faxSchema, { title: "no id" }).ok);
  });

  it("parses detection results and the error envelope", () => {
    assert.ok(
      validate(detectionResultSchema, {
        document_hash: "h",
        detection_mode: "text_tags",
        page_count: 2,
        pages_analyzed: "0-1",
        detected_at: 1,
        form_fields_per_document: [{ document_index: 0, api_id: "x", type: "signature", signer: 1, page: 1, x: 1, y: 1, width: 1, height: 1, required: true, name: "s" }],
        form_field_groups: [],
        warnings: [{ warning_msg: "m", warning_name: "n" }],
        errors: [],
        suggestions: [],
      }).ok,
    );
    assert.ok(validate(errorEnvelopeSchema, { error: { error_msg: "m", error_name: "bad_request", error_path: "name" } }).ok);
    assert.ok(!validate(errorEnvelopeSchema, { error: { error_msg: "m" } }).ok);
  });
});
