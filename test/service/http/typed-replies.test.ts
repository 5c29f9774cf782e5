/**
 * A handler returns the value of its operation's response schema; the pipeline wraps it under
 * the contract's key (lists: list_info first), adds warnings only when there are any, answers
 * the operation's first success status unless told otherwise, and with `checkReplies` refuses
 * (a 500 naming the field) an answer the contract's response schema would not accept.
 */
import assert from "node:assert/strict";
import * as http from "node:http";
import { createApp, type RunningService, type ServiceOptions } from "../../../service";
import { route } from "../../../service/http/route";
import { annotate, type Area } from "../../../service/kernel";
import { Api, expectEnvelope } from "../support/api";

/** The app with only `area`, listening; each test closes its own. */
async function serve(area: Area, options: ServiceOptions = {}): Promise<{ api: Api; close(): Promise<void> }> {
  const app = createApp({ apiKey: "k", ...options }, [area]);
  const server = http.createServer(app.handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number }; // a TCP server's address
  const api = new Api({ url: `http://127.0.0.1:${port}`, baseUrl: `http://127.0.0.1:${port}/v3`, apiKey: "k" } as RunningService); // Api reads only these
  return {
    api,
    async close() {
      server.close();
      server.closeAllConnections();
      await app.close();
    },
  };
}

const LIST_INFO = { page: 1, num_pages: 1, num_results: 1, page_size: 20 };
const WARNING = { warning_name: "w", warning_msg: "careful" };

const area: Area = {
  name: "typed",
  routes: [
    route("team.get", () => ({ name: "T", accounts: [] })),
    route("team.update", () => annotate({ name: "T" }, { warnings: [WARNING] })),
    route("team.create", () => annotate({ name: "T" }, { warnings: [] })),
    route("team.remove_member", () => annotate({ name: "T" }, { status: 200 })),
    route("team.sub_teams", () => ({ items: [{ team_id: "s", name: "S" }], list_info: LIST_INFO })),
    route("team.invites", () => ({ items: [] })),
    route("team.destroy", () => undefined),
    route("template.files_as_file_url", () => ({ file_url: "https://x/f.pdf", expires_at: 1 })),
    // A number, as the type says, but not a whole one, as the schema says: only the check sees it.
    route("fax_line.area_codes", () => [201, 2.5]),
  ],
};

describe("service: typed replies", () => {
  it("wraps each answer as its response spec says", async () => {
    const { api, close } = await serve(area);
    try {
      const team = await api.get("/team");
      assert.equal(team.status, 200);
      assert.equal(team.text, JSON.stringify({ team: { name: "T", accounts: [] } }));
      const updated = await api.req("PUT", "/team", { json: { name: "T" } });
      assert.deepEqual(updated.body, { team: { name: "T" }, warnings: [WARNING] });
      const created = await api.req("POST", "/team/create", { json: { name: "T" } });
      assert.deepEqual(created.body, { team: { name: "T" } }, "no warnings key without warnings");
      const removed = await api.req("POST", "/team/remove_member", { json: { email_address: "a@example.com" } });
      assert.equal(removed.status, 200, "the status the handler chose over the operation's first (201)");
      const subTeams = await api.get("/team/sub_teams/t1");
      assert.equal(subTeams.text, JSON.stringify({ list_info: LIST_INFO, sub_teams: [{ team_id: "s", name: "S" }] }));
      assert.equal((await api.get("/team/invites")).text, JSON.stringify({ team_invites: [] }), "no list_info for an unpaginated list");
      const destroyed = await api.req("DELETE", "/team/destroy");
      assert.deepEqual([destroyed.status, destroyed.text], [200, ""]);
      assert.deepEqual((await api.get("/template/files_as_file_url/t1")).body, { file_url: "https://x/f.pdf", expires_at: 1 }, "a body answer is the whole body");
      assert.deepEqual((await api.get("/fax_line/area_codes?country=US")).body, { area_codes: [201, 2.5] }, "unchecked by default");
    } finally {
      await close();
    }
  });

  it("with checkReplies, an answer the response schema refuses is a 500 naming the field", async () => {
    const { api, close } = await serve(area, { checkReplies: true });
    try {
      const r = await api.get("/fax_line/area_codes?country=US");
      expectEnvelope(r, 500, "unknown");
      assert.match(r.body.error.error_msg, /fax_line\.area_codes .*area_codes\.1/);
      assert.equal((await api.get("/team")).status, 200, "a conforming answer passes");
    } finally {
      await close();
    }
  });
});
