/**
 * Handlers registered with route(op, handler) read params, query and body typed by the
 * contract's operation and return the value of its response schema: the @ts-expect-error lines
 * fail the type check (scripts/test runs tsc over the tests) if the typing is lost; and
 * service/ holds no cast of a request part.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { route } from "../../service/http/route";
import { annotate, type RequestContext } from "../../service/kernel";

const ROOT = path.resolve(__dirname, "../..");

function serviceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? serviceFiles(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

describe("architecture: typed handlers", () => {
  it("route() takes method, path and auth mode from the contract and types the parts", () => {
    const r = route("team.add_member", (ctx) => {
      const teamId: string | undefined = ctx.query.team_id;
      const email: string | undefined = ctx.body.email_address;
      // @ts-expect-error team.add_member has no such body field
      void ctx.body.client_id;
      return { name: `${teamId}:${email}` };
    });
    assert.deepEqual(
      { method: r.method, path: r.path, operation: r.operation, apiKeyOnly: r.apiKeyOnly },
      { method: "PUT", path: "/team/add_member", operation: "team.add_member", apiKeyOnly: false },
    );
    const fax = route("fax_line.get", (ctx) => {
      const n: string = ctx.query.number;
      // @ts-expect-error fax_line.get has no path parameters
      const id: string = ctx.params.number;
      return { number: n, id };
    });
    assert.equal(fax.apiKeyOnly, true);
  });

  it("route() types the answer by the operation's response schema", () => {
    // @ts-expect-error a team's name is text
    route("team.get", () => ({ name: 1 }));
    // @ts-expect-error a list answers a page of items, not a bare array
    route("team.sub_teams", () => [{ team_id: "t", name: "T" }]);
    // @ts-expect-error an empty answer has no value
    route("team.destroy", () => ({ name: "T" }));
    // @ts-expect-error warnings are the contract's Warning objects
    route("team.update", () => annotate({ name: "T" }, { warnings: ["careful"] }));
    // @ts-expect-error a paginated list says where the page is (list_info)
    route("team.sub_teams", () => ({ items: [{ team_id: "t", name: "T" }] }));
    const ok = route("team.invites", () => ({ items: [] }));
    assert.equal(ok.operation, "team.invites");
  });

  it("a helper receiving the context of one operation sees its typed parts", () => {
    const templateId = (ctx: RequestContext<"template.get">): string => ctx.params.template_id;
    assert.equal(typeof templateId, "function");
  });

  it("service/ casts no request part (ctx.body / ctx.query / ctx.params as ...)", () => {
    const casts = serviceFiles(path.join(ROOT, "service")).flatMap((f) =>
      fs
        .readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) => (/ctx\.(body|query|params)\s+as\s/.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}`] : [])),
    );
    assert.deepEqual(casts, []);
  });
});
