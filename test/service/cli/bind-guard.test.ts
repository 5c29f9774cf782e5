/**
 * No listening beyond this machine with the well-known key (issue 37 item 6, D141): a start
 * on a non-loopback host with the default key is refused before the data file is locked;
 * a key of one's own, or the explicit flag, lets it start; loopback starts as before.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startService } from "../../../service";
import { bindRefusal } from "../../../service/bind-guard";
import { parseArgs } from "../../../service/cli-args";

describe("service: no network bind with the default key", () => {
  it("refuses 0.0.0.0 with the default key, naming both ways out, and leaves the data file unlocked", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-bind-"));
    const data = path.join(dir, "state.journal");
    try {
      await assert.rejects(startService({ host: "0.0.0.0", data }), (e: Error) => {
        assert.match(e.message, /host 0\.0\.0\.0 is reachable beyond this machine and the api key is the well-known default "devkey"/);
        assert.match(e.message, /--api-key/);
        assert.match(e.message, /--allow-default-key-on-network/);
        return true;
      });
      assert.equal(fs.existsSync(`${data}.lock`), false, "a refused start takes no lock");
      const svc = await startService({ data });
      await svc.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts on every interface with a key of its own, or with the explicit flag", async () => {
    for (const opts of [{ apiKey: "a-key-of-my-own" }, { allowDefaultKeyOnNetwork: true }]) {
      const svc = await startService({ host: "0.0.0.0", ...opts });
      assert.match(svc.listenUrl, /^http:\/\/0\.0\.0\.0:\d+$/);
      await svc.close();
    }
  });

  it("every non-loopback host is refused with the default key; loopback ones are not", () => {
    const refused = (host: string) => bindRefusal({ host, apiKey: "devkey", allowDefaultKeyOnNetwork: false }) !== undefined;
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "example.internal", "::ffff:10.0.0.1"]) assert.ok(refused(host), host);
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"]) assert.ok(!refused(host), host);
  });

  it("--allow-default-key-on-network is a flag of the CLI", () => {
    assert.equal(parseArgs(["--allow-default-key-on-network"]).allowDefaultKeyOnNetwork, true);
    assert.equal(parseArgs([]).allowDefaultKeyOnNetwork, false);
  });
});
