/**
 * Every part-1 operation answers with a status the contract lists as success and a body
 * that the contract's response envelope (the one the client parses with) accepts.
 */
import assert from "node:assert/strict";
import { operations, type OperationId } from "../../provider/contract";
import { conformance } from "./helpers/conformance";
import { Api, startForTest, waitFor } from "./helpers/api";
import { pdf, templateForm } from "./helpers/files";
import type { RunningService } from "../../service";

const { conform, seen } = conformance();

describe("service: responses conform to the contract", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "enterprise" })));
  after(() => svc.close());

  it("account, api_app, team, template, embedded and fax_line operations", async () => {
    conform("account.get", await api.get("/account"));
    const app = conform("api_app.create", await api.post("/api_app", { name: "c", domains: ["c.com"], oauth: { callback_url: "https://c.com", scopes: ["basic_account_info"] }, white_labeling_options: { link_color: "#123456" } }));
    const cid = app.body.api_app.client_id;
    conform("api_app.get", await api.get(`/api_app/${cid}`));
    conform("api_app.list", await api.get("/api_app/list"));
    conform("api_app.update", await api.put(`/api_app/${cid}`, { name: "d" }));

    conform("team.create", await api.post("/team/create", {}));
    conform("team.get", await api.get("/team"));
    const info = conform("team.info", await api.get("/team/info"));
    const tid = info.body.team.team_id;
    conform("team.update", await api.put("/team", { name: "N" }));
    const mate = await api.newAccount({ email_address: "cm@example.com" });
    conform("team.add_member", await api.put("/team/add_member", { account_id: mate.account_id }));
    conform("team.add_member", await api.put("/team/add_member", { email_address: "fresh@example.com" }));
    conform("team.invites", await api.get("/team/invites"));
    await api.ctl("POST", "/invites/accept", { email_address: "cm@example.com" });
    conform("team.members", await api.get(`/team/members/${tid}`));
    await api.ctl("POST", `/teams/${tid}/sub_teams`, { name: "S" });
    conform("team.sub_teams", await api.get(`/team/sub_teams/${tid}`));

    const created = conform("template.create", await api.req("POST", "/template/create", { form: templateForm([pdf(1)], { signer_roles: [{ name: "A", order: 0 }], form_fields_per_document: [{ document_index: 0, api_id: "t", type: "text", x: 1, y: 1, width: 50, height: 10, required: false, signer: 0 }] }) }));
    const id = created.body.template.template_id;
    conform("template.get", await api.get(`/template/${id}`));
    conform("template.list", await api.get("/template/list"));
    conform("template.add_user", await api.post(`/template/add_user/${id}`, { account_id: mate.account_id }));
    conform("template.remove_user", await api.post(`/template/remove_user/${id}`, { account_id: mate.account_id }));
    conform("template.update", await api.post(`/template/update/${id}`, { title: "X" }));
    await waitFor(async () => (await api.ctl("GET", "/events")).body.events.length > 0, 5000, "template ready");
    conform("template.files_as_file_url", await api.get(`/template/files_as_file_url/${id}`));
    conform("template.update_files", await api.req("POST", `/template/update_files/${id}`, { form: templateForm([pdf(1)], {}) }));
    const draft = conform("template.create_embedded_draft", await api.req("POST", "/template/create_embedded_draft", { form: templateForm([pdf(1)], { client_id: cid }) }));
    conform("embedded.edit_url", await api.post(`/embedded/edit_url/${draft.body.template.template_id}`, {}));
    conform("template.delete", await api.post(`/template/delete/${id}`));

    const line = conform("fax_line.create", await api.post("/fax_line/create", { country: "US", area_code: 212 }));
    const number = line.body.fax_line.number;
    conform("fax_line.get", await api.get("/fax_line", { query: { number } }));
    conform("fax_line.list", await api.get("/fax_line/list"));
    conform("fax_line.add_user", await api.put("/fax_line/add_user", { number, account_id: mate.account_id }));
    conform("fax_line.remove_user", await api.put("/fax_line/remove_user", { number, account_id: mate.account_id }));
    conform("fax_line.area_codes", await api.get("/fax_line/area_codes", { query: { country: "UK" } }));
    conform("fax_line.delete", await api.del("/fax_line", { number }));

    conform("team.remove_member", await api.post("/team/remove_member", { account_id: mate.account_id }));
    conform("api_app.delete", await api.del(`/api_app/${cid}`));
    await api.post("/team/remove_member", { email_address: "fresh@example.com" });
    await api.ctl("DELETE", `/team/members/${mate.account_id}`);
    conform("team.destroy", await api.del("/team/destroy"));

    const part1 = (Object.keys(operations) as OperationId[]).filter((op) => /^(account|api_app|team|template|embedded|fax_line)\./.test(op));
    assert.deepEqual(part1.filter((op) => !seen.has(op)), []);
  });
});
