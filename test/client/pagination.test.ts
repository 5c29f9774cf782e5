/** Pagination over list_info across several pages, for lists with and without path params. */
import { strict as assert } from "node:assert";
import { EsignClient } from "../../provider/client";
import { startTestServer, type TestServer } from "./support/http-server";

const TOTAL = 7;

function pageOf(key: string, page: number, pageSize: number, make: (index: number) => unknown) {
  const numPages = Math.ceil(TOTAL / pageSize);
  const items = Array.from({ length: TOTAL }, (_, index) => make(index)).slice((page - 1) * pageSize, page * pageSize);
  return { list_info: { page, num_pages: numPages, num_results: TOTAL, page_size: pageSize }, [key]: items };
}

describe("client: pagination", () => {
  let server: TestServer;
  let client: EsignClient;

  before(async () => {
    server = await startTestServer((request) => {
      const page = Number(request.query.get("page") ?? 1);
      const size = Number(request.query.get("page_size") ?? 20);
      if (request.path === "/v3/team/members/alias") {
        return { status: 200, body: pageOf("team_members", page, size, (i) => ({ account_id: `b${i}` })) };
      }
      if (request.path.startsWith("/v3/team/members/")) {
        return { status: 200, body: pageOf("members", page, size, (i) => ({ account_id: `a${i}`, email_address: `m${i}@example.com`, role: "Member" })) };
      }
      if (request.path === "/v3/fax_line/list") {
        // The schema's quirk: warnings as one object on fax line lists.
        return { status: 200, body: { ...pageOf("fax_lines", page, size, (i) => ({ number: `+1415555010${i}`, accounts: [] })), warnings: { warning_msg: "m", warning_name: "w" } } };
      }
      return { status: 404, body: { error: { error_name: "not_found", error_msg: "Not found" } } };
    });
    client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 0 });
  });
  after(() => server.close());
  beforeEach(() => server.requests.splice(0));

  it("iterates every item of every page", async () => {
    const ids: string[] = [];
    for await (const member of client.paginate(client.team.members, { team_id: "team 1" }, { pageSize: 3 })) ids.push(member.account_id);
    assert.deepEqual(ids, ["a0", "a1", "a2", "a3", "a4", "a5", "a6"]);
    assert.deepEqual(
      server.requests.map((request) => request.url),
      ["/v3/team/members/team%201?page=1&page_size=3", "/v3/team/members/team%201?page=2&page_size=3", "/v3/team/members/team%201?page=3&page_size=3"],
    );
  });

  it("yields whole pages with list_info and normalized warnings", async () => {
    const pages = [];
    for await (const page of client.paginatePages(client.faxLine.list, { show_team_lines: true }, { pageSize: 5 })) pages.push(page);
    assert.equal(pages.length, 2);
    assert.deepEqual(
      pages.map((page) => page.items.length),
      [5, 2],
    );
    assert.equal(pages[1].list_info?.num_pages, 2);
    assert.deepEqual(pages[0].warnings, [{ warning_msg: "m", warning_name: "w" }]);
    assert.equal(server.requests[0].query.get("show_team_lines"), "true");
  });

  it("stops after maxPages and collects into an array", async () => {
    const first = await client.collectAll(client.team.members, { team_id: "t" }, { pageSize: 2, maxPages: 2 });
    assert.equal(first.length, 4);
    const all = await client.collectAll(client.team.members, { team_id: "t" }, { pageSize: 100 });
    assert.equal(all.length, TOTAL);
  });

  it("accepts the team_members alias of the members list key", async () => {
    const members = await client.request("team.members", { params: { team_id: "alias" }, query: { page: 1 } });
    assert.deepEqual(
      members.items.map((member) => member.account_id),
      ["b0", "b1", "b2", "b3", "b4", "b5", "b6"],
    );
  });
});
