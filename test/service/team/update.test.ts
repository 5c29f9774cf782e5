/**
 * PUT /team as the description's TeamUpdateRequest: `name` is optional. Without it the team is
 * answered unchanged; an empty or non-string name is still a 400 naming `name`.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: PUT /team", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => {
    ({ svc, api } = await startForTest());
    expectStatus(await api.post("/team/create", { name: "Ops" }));
  });
  after(() => svc.close());

  it("an empty body answers the team unchanged", async () => {
    const r = await api.put("/team", {});
    expectStatus(r);
    assert.equal(r.body.team.name, "Ops");
  });

  it("a name renames; an empty or non-string name is a 400 naming name", async () => {
    expectStatus(await api.put("/team", { name: "Sales" }));
    assert.equal((await api.get("/team")).body.team.name, "Sales");
    expectErrorAt(await api.put("/team", { name: "" }), 400, "name");
    expectErrorAt(await api.put("/team", { name: 5 }), 400, "name");
    assert.equal((await api.get("/team")).body.team.name, "Sales");
  });
});
