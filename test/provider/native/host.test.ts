/**
 * The native host is an object (provider/native/host.ts, D158): each holds its own Deployment,
 * engine address and verified accounts, so two hosts in one process share nothing, and the
 * settings of one never reach the other's operations.
 */
import * as assert from "assert";
import type { ResultOf } from "../../../contract";
import { accountKey } from "../../../provider/deployment/context";
import { NativeHost } from "../../../provider/native/host";

const URN = "urn:pulumi:s::p::esign:index:Team::t";

describe("native plugin: the host object", () => {
  it("keeps its settings to itself: a bad setting fails only its own host's checks", async () => {
    const configured = new NativeHost("1.2.3");
    configured.configure({ get: (key) => ({ "esign:maxConcurrency": "four" })[key], env: {} });
    const other = new NativeHost("1.2.3");
    await assert.rejects(configured.provider().check!(URN, {}, { name: "Ops" }), /invalid provider settings: esign:maxConcurrency: must be a whole number/);
    const checked = await other.provider().check!(URN, {}, { name: "Ops" });
    assert.deepStrictEqual(checked.failures, []);
  });

  it("reuses the accounts its own CheckConfig verified, never another host's", async () => {
    const settings = { "esign:apiKey": "key", "esign:baseUrl": "http://127.0.0.1:9/v3" }; // nothing listens there
    const [verifying, other] = [new NativeHost("1.2.3"), new NativeHost("1.2.3")];
    for (const host of [verifying, other]) host.configure({ get: (key) => settings[key as keyof typeof settings], env: {} });
    const answer: ResultOf<"account.get"> = { account_id: "acc-1", email_address: "owner@example.com" };
    verifying.verified.set(accountKey(settings["esign:baseUrl"], settings["esign:apiKey"]), { accountId: "acc-1", answer });
    const found = await verifying.provider().invoke!("esign:index:getAccount", {});
    assert.strictEqual(found.outputs.accountId, "acc-1", "answered from the verified account, with no request");
    await assert.rejects(other.provider().invoke!("esign:index:getAccount", {}), /getAccount: /);
  });
});
