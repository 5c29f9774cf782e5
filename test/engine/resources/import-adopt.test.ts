/**
 * `{ import: id }` on an esign resource through the real CLI: the preview fails with the one
 * line pointing to the resource's adopt input and `esign export`, never the engine's TypeError
 * with a gRPC stack, and makes no API request.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { newStack, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";

describe("engine: { import: id } points to adoption", function () {
  this.timeout(300_000);
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    svc = await localService();
    t = await newStack(
      "import-adopt",
      () => {
        new esign.ApiApp("portal", { name: "Portal", domains: ["portal.example.com"] }, { import: "0dd3b823a682527788c4e40cb7b6f7e9" });
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose({ skipDestroy: true });
    await svc?.close();
  });

  it("fails the preview with one line naming clientId / adopt: true and esign export", async () => {
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => {
      const output = e.message;
      if (process.env.SHOW_OUTPUT) console.log(output);
      assert.match(output, /esign:ApiApp "portal": \{ import: "0dd3b823a682527788c4e40cb7b6f7e9" \} is not supported/);
      assert.match(output, /give clientId: "0dd3b823a682527788c4e40cb7b6f7e9" \(or adopt: true/);
      assert.match(output, /`esign export`/);
      assert.doesNotMatch(output, /TypeError|grpc|\n\s+at /i, output);
      return true;
    });
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "no API request");
  });
});
