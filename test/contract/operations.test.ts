/** The operation table matches ARCHITECTURE.md and service-api-facts (ids, verbs, statuses, tiers, auth). */
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { operationIds, operations, responseEnvelope, type OperationId } from "../../contract";

const expected: Record<OperationId, string> = {
  "account.get": "GET /account",
  "account.verify": "POST /account/verify",
  "api_app.create": "POST /api_app",
  "api_app.get": "GET /api_app/{client_id}",
  "api_app.list": "GET /api_app/list",
  "api_app.update": "PUT /api_app/{client_id}",
  "api_app.delete": "DELETE /api_app/{client_id}",
  "signature_request.edit": "PUT /signature_request/edit/{signature_request_id}",
  "signature_request.get": "GET /signature_request/{signature_request_id}",
  "signature_request.list": "GET /signature_request/list",
  "template.create": "POST /template/create",
  "template.create_embedded_draft": "POST /template/create_embedded_draft",
  "template.get": "GET /template/{template_id}",
  "template.list": "GET /template/list",
  "template.delete": "POST /template/delete/{template_id}",
  "template.add_user": "POST /template/add_user/{template_id}",
  "template.remove_user": "POST /template/remove_user/{template_id}",
  "template.update_files": "POST /template/update_files/{template_id}",
  "template.update": "POST /template/update/{template_id}",
  "template.files_as_file_url": "GET /template/files_as_file_url/{template_id}",
  "embedded.edit_url": "POST /embedded/edit_url/{template_id}",
  "unclaimed_draft.create": "POST /unclaimed_draft/create",
  "unclaimed_draft.create_embedded": "POST /unclaimed_draft/create_embedded",
  "unclaimed_draft.create_embedded_with_template": "POST /unclaimed_draft/create_embedded_with_template",
  "unclaimed_draft.edit_and_resend": "POST /unclaimed_draft/edit_and_resend/{signature_request_id}",
  "document.detect_fields": "POST /document/detect_fields",
  "team.get": "GET /team",
  "team.info": "GET /team/info",
  "team.create": "POST /team/create",
  "team.update": "PUT /team",
  "team.destroy": "DELETE /team/destroy",
  "team.add_member": "PUT /team/add_member",
  "team.remove_member": "POST /team/remove_member",
  "team.members": "GET /team/members/{team_id}",
  "team.sub_teams": "GET /team/sub_teams/{team_id}",
  "team.invites": "GET /team/invites",
  "fax_line.create": "POST /fax_line/create",
  "fax_line.get": "GET /fax_line",
  "fax_line.list": "GET /fax_line/list",
  "fax_line.add_user": "PUT /fax_line/add_user",
  "fax_line.remove_user": "PUT /fax_line/remove_user",
  "fax_line.delete": "DELETE /fax_line",
  "fax_line.area_codes": "GET /fax_line/area_codes",
  "fax.send": "POST /fax/send",
  "fax.get": "GET /fax/{fax_id}",
  "fax.list": "GET /fax/list",
  "fax.delete": "DELETE /fax/{fax_id}",
  "report.create": "POST /report/create",
};

describe("contract: operation table", () => {
  it("has exactly the operations of ARCHITECTURE.md (+ template.files_as_file_url) with their method and path", () => {
    assert.deepEqual([...operationIds].sort(), Object.keys(expected).sort());
    for (const id of operationIds) assert.equal(`${operations[id].method} ${operations[id].path}`, expected[id], id);
  });

  it("documents the odd success statuses first", () => {
    const first = (id: OperationId) => operations[id].successStatus[0];
    assert.equal(first("api_app.create"), 201);
    assert.equal(first("api_app.delete"), 204);
    assert.equal(first("fax.delete"), 204);
    assert.deepEqual([...operations["team.remove_member"].successStatus].sort(), [200, 201]);
    for (const id of ["template.delete", "team.destroy", "fax_line.delete"] as const) {
      assert.equal(first(id), 200);
      assert.equal(operations[id].response.kind, "empty");
    }
  });

  it("declares path params for every {placeholder}", () => {
    for (const id of operationIds) {
      const names = [...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const spec = operations[id] as { params?: { shape: Record<string, unknown> } };
      assert.deepEqual(Object.keys(spec.params?.shape ?? {}), names, id);
    }
  });

  it("marks creates non-idempotent, high-tier drafts, and API-key-only fax/report", () => {
    for (const id of ["api_app.create", "template.create", "team.create", "fax_line.create", "fax.send", "signature_request.edit"] as const) {
      assert.equal(operations[id].idempotent, false, id);
    }
    for (const id of ["api_app.get", "api_app.update", "team.members", "fax_line.get"] as const) assert.equal(operations[id].idempotent, true, id);
    for (const id of ["unclaimed_draft.create", "unclaimed_draft.create_embedded", "template.create_embedded_draft"] as const) {
      assert.equal(operations[id].tier, "high", id);
    }
    for (const id of operationIds) {
      const apiKeyOnly = id.startsWith("fax") || id === "report.create";
      assert.equal(operations[id].auth, apiKeyOnly ? "api_key" : "api_key_or_oauth", id);
    }
  });

  it("names the upload fields", () => {
    assert.deepEqual(operations["api_app.create"].uploads, { custom_logo_file: "one" });
    assert.deepEqual(operations["document.detect_fields"].uploads, { file: "one" });
    assert.deepEqual(operations["fax.send"].uploads, { files: "many" });
  });

  it("builds response envelopes for resources and lists", () => {
    assert.ok(responseEnvelope("team.members")?.safeParse({ list_info: { page: 1, num_pages: 1, page_size: 20, num_results: 0 }, members: [] }).success);
    assert.ok(responseEnvelope("team.members")?.safeParse({ list_info: { page: 1, num_pages: 1, page_size: 20 }, team_members: [] }).success);
    assert.ok(!responseEnvelope("team.members")?.safeParse({ list_info: { page: 1, num_pages: 1, page_size: 20 } }).success);
    assert.ok(responseEnvelope("api_app.get")?.safeParse({ api_app: { client_id: "c", oauth: null, extra: 1 } }).success);
    assert.equal(responseEnvelope("api_app.delete"), undefined);
    assert.ok(responseEnvelope("fax_line.get")?.safeParse({ fax_line: { number: "1" }, warnings: { warning_msg: "m", warning_name: "n" } }).success);
  });

  it("is listed in docs/client.md with method, path and success status", () => {
    const doc = readFileSync(path.join(__dirname, "../../docs/client.md"), "utf8");
    for (const id of operationIds) {
      const { method, path: template, successStatus } = operations[id];
      const row = doc.split("\n").find((line) => line.startsWith(`| \`${id}\` |`));
      assert.ok(row, `docs/client.md lacks ${id}`);
      assert.ok(row.includes(`| ${method} | \`${template}\` |`), `${id}: ${row}`);
      assert.ok(row.includes(`| ${successStatus.join(" / ")} |`), `${id}: ${row}`);
    }
  });
});
