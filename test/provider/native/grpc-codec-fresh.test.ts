/**
 * The plugin's generated codec (provider/native/grpc/gen/) is what scripts/gen-grpc-codec makes
 * from the committed .proto files, and those are the pinned engine's (DECISIONS D135).
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const root = path.resolve(__dirname, "..", "..", "..");
const grpcDir = path.join(root, "provider", "native", "grpc");

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

describe("native plugin: the generated gRPC codec", function () {
  this.timeout(120_000);

  it("comes from the .proto files of the engine version .tool-versions pins", () => {
    const pinned = /^pulumi\s+(\S+)$/m.exec(fs.readFileSync(path.join(root, ".tool-versions"), "utf8"))![1];
    assert.strictEqual(fs.readFileSync(path.join(grpcDir, "proto", "PULUMI_VERSION"), "utf8").trim(), pinned, "run `scripts/gen-grpc-codec --proto-from <pulumi clone>` and commit");
  });

  it("is fresh: scripts/gen-grpc-codec makes the committed files byte for byte", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "esign-grpc-gen-"));
    try {
      execFileSync(path.join(root, "scripts", "gen-grpc-codec"), ["--out", out], { stdio: ["ignore", "ignore", "pipe"] });
      const committed = path.join(grpcDir, "gen");
      assert.deepStrictEqual(filesUnder(out), filesUnder(committed));
      for (const f of filesUnder(out)) assert.ok(fs.readFileSync(path.join(out, f)).equals(fs.readFileSync(path.join(committed, f))), `${f} is stale: run scripts/gen-grpc-codec and commit`);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
