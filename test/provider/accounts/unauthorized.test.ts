/**
 * A refused key (401) is one line naming esign:apiKey / ESIGN_API_KEY and the URL; when the key
 * came from the stack config (which a refresh or destroy without --run-program takes from the
 * last `up`), the line also says how to use the current one. Key rotation through the local
 * service's control plane: the new key works at once, the revoked one is refused.
 */
import * as assert from "assert";
import { ProviderHarness } from "../support/harness";

describe("provider (in process): a refused key is one line with the fix", () => {
  let h: ProviderHarness;
  let made: { id: string; outs: Record<string, unknown> };
  let newKey: string;
  before(async () => {
    h = await ProviderHarness.start();
    made = await h.resource("ApiApp").create({ name: "Portal", domains: ["portal.example.com"] });
    const added = await h.control("POST", `/accounts/${h.svc.accountId}/api_keys`, {});
    assert.strictEqual(added.status, 201);
    newKey = added.body.api_key;
    const revoked = await h.control("DELETE", `/accounts/${h.svc.accountId}/api_keys/${h.svc.apiKey}`);
    assert.strictEqual(revoked.status, 200, JSON.stringify(revoked.body));
  });
  after(async () => h?.close());
  beforeEach(() => h.nextRun());

  it("the revoked key from the stack config: names the setting, the URL and --run-program", async () => {
    const url = h.svc.baseUrl.replace(/[./:]/g, "\\$&");
    await assert.rejects(
      h.resource("ApiApp").read(made.id, made.outs),
      new RegExp(
        `^esign: ApiApp read: the API key was refused \\(401 unauthorized\\) by ${url}: check esign:apiKey / ESIGN_API_KEY\\. ` +
          "The key in use is esign:apiKey as recorded at the last `pulumi up` when this is a refresh, destroy or --refresh without " +
          "--run-program: after rotating the key run `pulumi up`, or add --run-program \\(`pulumi refresh --run-program`, `pulumi destroy --run-program`\\)$",
      ),
    );
  });

  it("the revoked key from ESIGN_API_KEY: names the variable, no --run-program advice", async () => {
    h.configure({ "esign:baseUrl": h.svc.baseUrl });
    process.env.ESIGN_API_KEY = h.svc.apiKey;
    try {
      await assert.rejects(
        h.resource("ApiApp").delete(made.id, made.outs),
        /^esign: ApiApp delete: the API key was refused \(401 unauthorized\) by \S+: check esign:apiKey \/ ESIGN_API_KEY \(the key in use came from the ESIGN_API_KEY environment variable\)$/,
      );
    } finally {
      delete process.env.ESIGN_API_KEY;
    }
  });

  it("the new key of the same account reads the object; the pin holds", async () => {
    h.configure({ "esign:apiKey": newKey, "esign:baseUrl": h.svc.baseUrl });
    const read = await h.resource("ApiApp").read(made.id, made.outs);
    assert.deepStrictEqual([read.id, read.props?.managingAccountId], [made.id, h.svc.accountId]);
  });
});
