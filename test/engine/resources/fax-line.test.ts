/**
 * FaxLine and FaxLineUser through the real engine: the lifecycle scenario (shared with the
 * acceptance run: test/engine/scenarios/fax-line.ts), and adoption of an existing line.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { newStack, TestStack } from "../support/engine";
import { faxLineScenario } from "../scenarios/fax-line";
import { localTarget } from "../scenarios/target";
import { api, localService, LocalService } from "../../support/local";

faxLineScenario(localTarget());

describe("engine: FaxLine adoption", function () {
  this.timeout(300_000);
  let svc: LocalService;
  let t: TestStack;
  before(async () => {
    svc = await localService();
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("takes over an existing line by number without buying one", async () => {
    const made = await api(svc).post("/fax_line/create", { area_code: 646, country: "US" });
    const number = made.data.fax_line.number;
    t = await newStack("fax-adopt", () => ({ number: new esign.FaxLine("line", { number }).number }), { config: svc.stackConfig() });
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    assert.strictEqual(up.outputs.number.value, number);
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
      [],
    );
    await t.stack.preview({ expectNoChanges: true });
  });
});
