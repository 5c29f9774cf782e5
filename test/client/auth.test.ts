/** Authorization: Basic for the API key (user name, empty password), Bearer for OAuth; fax/report use the key. */
import { strict as assert } from "node:assert";
import { EsignClient } from "../../provider/client";
import { startTestServer, type TestServer } from "./support/http-server";

describe("client: authentication and headers", () => {
  let server: TestServer;
  before(async () => {
    const page = { page: 1, num_pages: 1, page_size: 20 };
    server = await startTestServer((request) => {
      if (request.path === "/v3/fax/list") return { status: 200, body: { list_info: page, faxes: [] } };
      if (request.path.startsWith("/v3/team/members/")) return { status: 200, body: { list_info: page, members: [] } };
      return { status: 200, body: { team: { name: "T" } } };
    });
  });
  after(() => server.close());
  beforeEach(() => server.requests.splice(0));

  it("sends the API key as Basic user name with an empty password", async () => {
    await new EsignClient({ apiKey: "my-api-key", baseUrl: server.baseUrl, requestsPerMinute: 0 }).team.get();
    const header = String(server.requests[0].headers.authorization);
    assert.equal(Buffer.from(header.replace(/^Basic /, ""), "base64").toString(), "my-api-key:");
  });

  it("prefers the OAuth token where allowed and the API key for API-key-only operations", async () => {
    const client = new EsignClient({ apiKey: "my-api-key", accessToken: "tok-123", baseUrl: server.baseUrl, requestsPerMinute: 0, userAgent: "bench/1" });
    await client.team.get();
    await client.fax.list();
    assert.equal(server.requests[0].headers.authorization, "Bearer tok-123");
    assert.match(String(server.requests[1].headers.authorization), /^Basic /);
    assert.equal(server.requests[0].headers["user-agent"], "bench/1");
    assert.match(String(server.requests[0].headers.accept), /application\/json/);
  });

  it("sends path ids URL-encoded and query values as text", async () => {
    const client = new EsignClient({ apiKey: "my-api-key", baseUrl: server.baseUrl, requestsPerMinute: 0 });
    await client.team.members({ team_id: "a/b c", page: 2 });
    assert.equal(server.requests[0].url, "/v3/team/members/a%2Fb%20c?page=2");
  });
});
