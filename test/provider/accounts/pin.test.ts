/**
 * A stack is pinned to its account: every object records the account whose key created it
 * (managingAccountId); under another account's key read, update and delete refuse in one line
 * naming both accounts, send nothing but GET /account, and never take the object for gone.
 * esign:allowedAccountIds refuses any other account before a request.
 */
import * as assert from "assert";
import { ProviderHarness } from "../support/harness";

describe("provider (in process): the account pin", () => {
  let h: ProviderHarness;
  let start: string;
  let other: { account_id: string; api_key: string; email_address: string };
  before(async () => {
    h = await ProviderHarness.start();
    start = h.svc.accountId;
    other = await h.newAccount("other@example.com");
  });
  after(async () => h?.close());
  afterEach(() => {
    h.set({ "esign:apiKey": h.svc.apiKey, "esign:allowedAccountIds": undefined });
    h.nextRun();
  });

  it("records the creating key's account as managingAccountId (one GET /account per deployment)", async () => {
    const apps = h.resource("ApiApp");
    const { result: a, calls } = await h.counting(() => apps.create({ name: "One", domains: ["one.example.com"] }));
    assert.strictEqual(a.outs.managingAccountId, start);
    // After the create, the new app is read once (the read-after-create lag, D120).
    assert.deepStrictEqual(calls, ["GET /v3/account", "GET /v3/api_app/list", "POST /v3/api_app", `GET /v3/api_app/${a.id}`], "the account is read first, once");
    const { result: b, calls: second } = await h.counting(() => apps.create({ name: "Two", domains: ["two.example.com"] }));
    assert.deepStrictEqual(second, ["POST /v3/api_app", `GET /v3/api_app/${b.id}`], "and only once per provider process");
  });

  it("under another account's key, read, update and delete refuse naming both accounts; nothing is written or dropped", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create({ name: "Portal", domains: ["portal.example.com"] });
    h.nextRun();
    h.set({ "esign:apiKey": other.api_key });
    // In full once per provider process, then a short line naming both accounts (D62).
    const refused = new RegExp(
      `ApiApp ${made.id} (read|update|delete): refused: (the object belongs to account ${start} \\(its managingAccountId\\) but the API key is for account ${other.account_id} \\(other@example.com\\)|the API key is for account ${other.account_id}, the objects belong to account ${start}; the reason and the fix are in the one error given in full)`,
    );
    const { calls } = await h.counting(async () => {
      await assert.rejects(apps.read(made.id, made.outs), refused);
      await assert.rejects(apps.update(made.id, made.outs, { name: "Hijacked", domains: ["portal.example.com"] }), refused);
      await assert.rejects(apps.delete(made.id, made.outs), refused);
    });
    assert.deepStrictEqual(calls, ["GET /v3/account"], "only the key's account was read");
    h.set({ "esign:apiKey": h.svc.apiKey });
    h.nextRun();
    const still = await apps.read(made.id, made.outs);
    assert.deepStrictEqual([still.id, still.props?.name], [made.id, "Portal"], "the object is untouched");
  });

  it("pins state from before the pin on its next read", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create({ name: "Old", domains: ["old.example.com"] });
    const { managingAccountId: _dropped, ...oldState } = made.outs;
    h.nextRun();
    const read = await apps.read(made.id, oldState);
    assert.strictEqual(read.props?.managingAccountId, start);
    assert.strictEqual(read.inputs?.managingAccountId, undefined, "the pin is an output, never an input");
  });

  it("esign:allowedAccountIds refuses another account before any request but GET /account", async () => {
    h.set({ "esign:allowedAccountIds": JSON.stringify([other.account_id]) });
    const { calls } = await h.counting(() =>
      assert.rejects(
        h.resource("ApiApp").create({ name: "Nope", domains: ["nope.example.com"] }),
        new RegExp(`ApiApp create: refused: the API key is for account ${start} \\(\\S+\\), which is not in esign:allowedAccountIds \\(${other.account_id}\\); nothing was sent`),
      ),
    );
    assert.deepStrictEqual(calls, ["GET /v3/account"]);
    h.set({ "esign:allowedAccountIds": `${other.account_id}, ${start}` });
    h.nextRun();
    const made = await h.resource("ApiApp").create({ name: "Yes", domains: ["yes.example.com"] });
    assert.strictEqual(made.outs.managingAccountId, start);
  });
});
