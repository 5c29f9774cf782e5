/**
 * The client's methods are derived from the operation table (D146): one per row, named by
 * its id, its arguments the path ids in the path's order, then body, then query; a paginated
 * list takes one object. The @ts-expect-error lines fail the type check if the typing is
 * lost. No method is written by hand: provider/client/ names no operation id.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { operationIds, type ApiApp, type ListPage, type OperationId, type RequestParts, type TeamMember } from "../../contract";
import { EsignClient } from "../../provider/client";
import { callShape, WithAreas } from "../../provider/client/areas";

const ROOT = path.resolve(__dirname, "../..");

/** The areas over a `call` that answers with what it was asked: the parts each method sends. */
function echoAreas() {
  // The echo is not the operation's result type: only the parts sent are read here.
  const echo = (id: OperationId, parts: RequestParts) => Promise.resolve({ id, parts }) as never;
  return new WithAreas(echo);
}

describe("client: methods derived from the operation table", () => {
  it("has one method per row, client.<area>.<verb> in camelCase, and nothing else", () => {
    const client = new EsignClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9/v3" });
    const methods = Object.entries(client)
      .filter(([, area]) => typeof area === "object" && area !== null && Object.values(area).every((m) => typeof m === "function"))
      .flatMap(([area, members]) => Object.keys(members as object).map((m) => `${area}.${m}`));
    const expected = operationIds.map((id) => `${callShape(id).area}.${callShape(id).method}`);
    assert.deepEqual(methods.sort(), [...expected].sort());
    assert.ok(methods.includes("apiApp.get") && methods.includes("unclaimedDraft.createEmbeddedWithTemplate") && methods.includes("faxLine.areaCodes"));
  });

  it("sends path ids, body and query as the row orders them", async () => {
    const areas = echoAreas();
    const sent = async (p: Promise<unknown>) => (await p) as unknown as { id: OperationId; parts: RequestParts };
    assert.deepEqual(await sent(areas.apiApp.update("c1", { name: "n" })), { id: "api_app.update", parts: { params: { client_id: "c1" }, body: { name: "n" } } });
    assert.deepEqual(await sent(areas.template.filesAsFileUrl("t1", { force_download: 1 })), {
      id: "template.files_as_file_url",
      parts: { params: { template_id: "t1" }, query: { force_download: 1 } },
    });
    assert.deepEqual(await sent(areas.team.addMember({ email_address: "a@example.com" }, { team_id: "x" })), {
      id: "team.add_member",
      parts: { body: { email_address: "a@example.com" }, query: { team_id: "x" } },
    });
    assert.deepEqual(await sent(areas.team.members({ team_id: "x", page: 2 })), { id: "team.members", parts: { params: { team_id: "x" }, query: { page: 2 } } });
    assert.deepEqual(await sent(areas.faxLine.get({ number: "1" })), { id: "fax_line.get", parts: { query: { number: "1" } } });
    assert.deepEqual(await sent(areas.team.get()), { id: "team.get", parts: {} });
  });

  it("types each method by its row's schemas", () => {
    const client = new EsignClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9/v3" });
    const typed = async () => {
      const app: ApiApp = await client.apiApp.get("id");
      const members: ListPage<TeamMember> = await client.team.members({ team_id: "t" });
      const gone: void = await client.fax.delete("id");
      await client.embedded.editUrl("t", {});
      await client.account.get(); // a query without a required key may be left out
      // @ts-expect-error the path id is required
      await client.apiApp.get();
      // @ts-expect-error fax_line.get's query has a required number
      await client.faxLine.get();
      // @ts-expect-error team.add_member takes body, then query: nothing after
      await client.team.addMember({ email_address: "a@example.com" }, {}, "extra");
      // @ts-expect-error a body is always given (team.add_member's refines its optional keys)
      await client.team.addMember();
      // @ts-expect-error api_app.update's body has no such field
      await client.apiApp.update("id", { junk: 1 });
      return [app, members, gone];
    };
    assert.equal(typeof typed, "function");
  });

  it("writes no method by hand: the client and its areas name no operation id", () => {
    const dir = path.join(ROOT, "provider/client");
    const ids = new Set<string>(operationIds);
    const named = ["areas.ts", "client.ts"].flatMap((f) => [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(/"([a-z_]+\.[a-z_]+)"/g)].filter((m) => ids.has(m[1])).map((m) => `${f}: ${m[1]}`));
    assert.deepEqual(named, []);
  });
});
