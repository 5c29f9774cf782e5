/** With --host 0.0.0.0 the banner names the address actually bound. */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");

function bannerOf(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ["scripts/run-ts.js", "service/main.ts", "--port", "0", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`no banner: ${out}`))), 60_000);
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("control plane:")) {
        clearTimeout(timer);
        child.kill("SIGTERM");
        resolve(out);
      }
    });
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  });
}

describe("service: banner", function () {
  this.timeout(120_000);

  it("--host 0.0.0.0 prints the bound address, and the loopback URL scripts grep for", async () => {
    const out = await bannerOf(["--host", "0.0.0.0", "--api-key", "banner-test-key"]);
    const port = /listening on http:\/\/0\.0\.0\.0:(\d+)\/v3 \(every interface\)/.exec(out)?.[1];
    assert.ok(port, out);
    // scripts/local: grep -oE 'http://127\.0\.0\.1:[0-9]+/v3' | head -n1
    assert.equal(/http:\/\/127\.0\.0\.1:[0-9]+\/v3/.exec(out)?.[0], `http://127.0.0.1:${port}/v3`);
  });

  it("the default host prints the loopback URL as before", async () => {
    const out = await bannerOf([]);
    assert.match(out.split("\n")[0], /^esign local service listening on http:\/\/127\.0\.0\.1:\d+\/v3$/);
  });
});
