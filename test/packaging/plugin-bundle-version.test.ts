/**
 * The plugin binary carries no package.json: the version its bundle stamps must be the one every
 * importer of provider/native/version.ts sees (main's handshake and the schema's `version`
 * alike), never the "0.0.0" fallback of a missing package.json.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const { bundle } = require("../../scripts/plugin/bundle.js") as { bundle(outfile: string, version: string): Promise<string[]> };

describe("plugin bundle: the stamped version", function () {
  this.timeout(300_000);
  it("is what packageVersion returns in the bundle, for the schema as for the handshake", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-bundle-"));
    try {
      const out = path.join(dir, "plugin.js");
      await bundle(out, "9.8.7");
      const text = fs.readFileSync(out, "utf8");
      const body = /function packageVersion\(\)\{([^}]*)\}/.exec(text)?.[1];
      assert.equal(body, 'return"9.8.7"', "packageVersion is folded to the stamped version");
      assert.equal(text.split("function packageVersion(").length - 1, 1, "one packageVersion in the bundle");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
