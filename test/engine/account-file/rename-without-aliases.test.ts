/**
 * An API app's key renamed in the account file WITHOUT `previousKeys`, through the real engine
 * (DECISIONS D125): app names are unique on the service, and the app is this stack's own under
 * the key that left the file. The preview and the `up` stop before any change, in one line
 * naming `previousKeys: [portal]` (never "adopt", which would let the old key's delete remove
 * the app); the app is untouched; with `previousKeys` the rename previews as no change.
 */
import * as assert from "assert";
import { accountDir, accountProgram, editYaml } from "../../support/account-file";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const FILE = `apiApps:
  - key: portal
    name: Customer portal
    domains: [portal.acme.example]
`;

describe("engine: an app key renamed in the account file without previousKeys (D125)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let work: ReturnType<typeof accountDir>;

  before(async () => {
    work = accountDir(FILE);
    svc = await localService();
    t = await newStack(
      "account-rename-bare",
      accountProgram(() => work.file),
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
    work?.dispose();
  });

  it("stops before any change in one line naming previousKeys: [portal]; the app untouched; previousKeys then previews as no change", async () => {
    const first = await t.stack.up();
    assert.deepStrictEqual(changes(first.summary), { create: 2 }, "stack, app");
    const clientId = first.outputs.apiApps.value.portal;

    editYaml(work.file, (doc) => doc.setIn(["apiApps", 0, "key"], "customer-portal"));
    const seq = await svc.lastSeq();
    // The engine prints the diagnostic on the resource's line and again in the summary: the
    // provider's message is whole on one line each time.
    const said = (e: Error) => {
      const lines = e.message.split("\n").filter((l) => l.includes("previousKeys"));
      assert.ok(lines.length > 0, e.message);
      for (const line of lines) {
        assert.match(line, /the stack already holds API app "Customer portal" as "app:portal": .*add previousKeys: \[portal\] to the account file's entry.*a second ApiApp needs another name/);
      }
      assert.doesNotMatch(e.message, /add adopt: true/);
      return true;
    };
    await assert.rejects(t.stack.preview(), said);
    await assert.rejects(t.stack.up(), said);
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
      [],
      "no write reaches the service",
    );
    const apps = (await api(svc).get("/api_app/list")).data.api_apps;
    assert.deepStrictEqual(
      apps.map((a: { client_id: string }) => a.client_id),
      [clientId],
      "the one app, untouched",
    );
    assert.strictEqual((await t.resource("app:portal")).clientId, clientId, "the state still holds it under the old key");

    editYaml(work.file, (doc) => doc.setIn(["apiApps", 0, "previousKeys"], ["portal"]));
    await t.stack.preview({ expectNoChanges: true });
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), {});
    assert.strictEqual(up.outputs.apiApps.value["customer-portal"], clientId);
  });
});
