/**
 * What a refused key says: an explicit provider's refusal names the
 * provider and its own apiKey input, not esign:apiKey (which it never reads); and a refusal
 * that concerns the whole provider (its key refused, another account's key) is given in full
 * once per provider process, every other resource getting one short line pointing to it.
 */
import * as assert from "assert";
import { ProviderHarness, type Created } from "../support/harness";

describe("provider (in process): a refused key is said once, naming the provider that holds it", () => {
  let h: ProviderHarness;
  const made: Created[] = [];
  let liveKey: string;
  let other: { account_id: string; api_key: string };
  before(async () => {
    h = await ProviderHarness.start();
    for (const name of ["A", "B", "C"]) made.push(await h.resource("ApiApp").create({ name, domains: [`${name.toLowerCase()}.example.com`] }));
    liveKey = (await h.control("POST", `/accounts/${h.svc.accountId}/api_keys`, {})).body.api_key;
    assert.strictEqual((await h.control("DELETE", `/accounts/${h.svc.accountId}/api_keys/${h.svc.apiKey}`)).status, 200);
    other = await h.newAccount("other@example.com");
  });
  after(async () => h?.close());
  beforeEach(() => {
    h.nextRun();
    h.configure({ "esign:apiKey": h.svc.apiKey, "esign:baseUrl": h.svc.baseUrl }); // the revoked key
    h.asExplicitProvider(undefined);
  });

  /** Reads every app in one run (one provider process); each read's error message. */
  async function readAll(): Promise<string[]> {
    const messages: string[] = [];
    for (const m of made) {
      await h
        .resource("ApiApp")
        .read(m.id, m.outs)
        .then(
          () => assert.fail(`read of ${m.id} succeeded`),
          (e: Error) => messages.push(e.message),
        );
    }
    return messages;
  }

  it("an explicit provider's refused key names the provider and its apiKey, not esign:apiKey", async () => {
    h.asExplicitProvider("acct-f");
    const [first] = await readAll();
    assert.match(
      first,
      /^ApiApp read: provider acct-f: the API key was refused \(401 unauthorized\) by \S+: check the apiKey of provider acct-f \(an explicit provider reads only its own inputs, never esign:apiKey or ESIGN_API_KEY\)\. A refresh or destroy without --run-program uses provider acct-f's apiKey as recorded at the last `pulumi up`: add --run-program to use the program's$/,
    );
    assert.doesNotMatch(first, /check esign:apiKey/);
  });

  it("a refused key: the first resource gets the paragraph, the others one short line each", async () => {
    const [first, ...rest] = await readAll();
    assert.match(first, /^ApiApp read: the API key was refused \(401 unauthorized\) by \S+: check esign:apiKey \/ ESIGN_API_KEY\. The key in use is esign:apiKey as recorded/);
    assert.strictEqual(rest.length, 2);
    for (const line of rest) {
      assert.match(
        line,
        /^ApiApp read: refused: the API key was refused \(401\) by http:\/\/127\.0\.0\.1:\d+\/v3; the reason and the fix are in the one error given in full for the default provider$/,
      );
    }
  });

  it("an explicit provider's short lines name it", async () => {
    h.asExplicitProvider("acct-f");
    const [, second] = await readAll();
    assert.match(second, /^ApiApp read: refused: the API key was refused \(401\) by \S+; the reason and the fix are in the one error given in full for provider acct-f$/);
  });

  it("another account's key: the pin's refusal in full once, then short lines; no request but the account read", async () => {
    h.set({ "esign:apiKey": other.api_key });
    const {
      result: [first, ...rest],
      calls,
    } = await h.counting(readAll);
    assert.match(
      first,
      new RegExp(
        `^ApiApp ${made[0].id} read: refused: the object belongs to account ${h.svc.accountId} \\(its managingAccountId\\) but the API key is for account ${other.account_id} \\(other@example\\.com\\); set esign:apiKey / ESIGN_API_KEY to a key of account ${h.svc.accountId}\\. Nothing was changed$`,
      ),
    );
    assert.deepStrictEqual(
      rest,
      made
        .slice(1)
        .map(
          (m) =>
            `ApiApp ${m.id} read: refused: the API key is for account ${other.account_id}, the objects belong to account ${h.svc.accountId}; the reason and the fix are in the one error given in full for the default provider`,
        ),
    );
    assert.deepStrictEqual(calls, ["GET /v3/account"]);
  });

  it("an explicit provider with another account's key is told to fix its own apiKey", async () => {
    h.set({ "esign:apiKey": other.api_key });
    h.asExplicitProvider("acct-f");
    const [first] = await readAll();
    assert.match(
      first,
      new RegExp(
        `read: refused: provider acct-f: the object belongs to account ${h.svc.accountId} .* set the apiKey of provider acct-f to a key of account ${h.svc.accountId}\\. Nothing was changed$`,
      ),
    );
  });

  it("each run (provider process) says it in full again; the live key still works", async () => {
    assert.match((await readAll())[0], /check esign:apiKey/);
    h.nextRun();
    assert.match((await readAll())[0], /check esign:apiKey/);
    h.nextRun();
    h.set({ "esign:apiKey": liveKey });
    const read = await h.resource("ApiApp").read(made[0].id, made[0].outs);
    assert.strictEqual(read.id, made[0].id);
  });
});
