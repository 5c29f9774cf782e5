/**
 * ApiApp through the real engine against the local service: the lifecycle scenario (shared
 * with the acceptance run: test/engine/scenarios/api-app.ts), and adoption.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { newStack, TestStack } from "../support/engine";
import { apiAppScenario } from "../scenarios/api-app";
import { localTarget } from "../scenarios/target";
import { api, localService, LocalService } from "../../support/local";

apiAppScenario(localTarget());

describe("engine: ApiApp adoption", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    svc = await localService();
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("takes over an existing app instead of creating one, with an engine warning naming it", async () => {
    const made = await api(svc).post("/api_app", { name: "Existing", domains: ["x.example.com"] });
    assert.strictEqual(made.status, 201);
    const clientId = made.data.api_app.client_id;
    t = await newStack(
      "api-app-adopt",
      () => {
        const app = new esign.ApiApp("existing", { clientId, name: "Existing", domains: ["x.example.com"] });
        return { clientId: app.clientId };
      },
      { config: svc.stackConfig() },
    );
    const seq = await svc.lastSeq();
    let output = "";
    const up = await t.stack.up({ onOutput: (s) => (output += s) });
    assert.strictEqual(up.outputs.clientId.value, clientId);
    assert.match(output, new RegExp(`warning: esign: ApiApp adopted API app "Existing" \\(client id ${clientId}\\) \\(clientId was given\\)`));
    const writes = (await svc.requestsSince(seq)).filter((r) => r.method !== "GET");
    assert.deepStrictEqual(writes, [], "adoption of an identical app makes no write");
    const list = (await api(svc).get("/api_app/list")).data;
    assert.strictEqual(list.list_info.num_results, 1);
    await t.stack.preview({ expectNoChanges: true });
  });
});
