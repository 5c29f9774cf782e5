/**
 * scripts/local-service: a long-running service on the dev journal that `npm run up` reuses
 * (scripts/local asks scripts/local-service-url.js, which reads the journal's lock).
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startService } from "../../../service";
import { Api, expectStatus } from "../support/api";

const root = path.resolve(__dirname, "../../..");

describe("service: scripts/local-service", function () {
  this.timeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-local-service-"));
  const env = { ...process.env, ESIGN_LOCAL_DIR: dir, ESIGN_LOCAL_PORT: "0", ESIGN_LOCAL_NO_BUILD: "1" };
  const script = (...args: string[]) => spawnSync("bash", ["scripts/local-service", ...args], { cwd: root, env, encoding: "utf8", timeout: 60_000 });

  before(() => {
    // npm test builds first; a bare mocha run builds here.
    if (!fs.existsSync(path.join(root, "dist/service/main.js"))) execFileSync("npx", ["tsc", "-p", "tsconfig.json"], { cwd: root });
  });
  after(() => script("stop"));

  it("starts once, is found through the journal's lock, keeps edits on the journal, stops cleanly", async () => {
    const start = script("start");
    assert.equal(start.status, 0, start.stdout + start.stderr);
    const url = /running at (http:\/\/127\.0\.0\.1:\d+)\/v3/.exec(start.stdout)?.[1];
    assert.ok(url, start.stdout);

    const again = script("start");
    assert.match(again.stdout, new RegExp(`already running at ${url}/v3`));
    assert.equal(script("status").stdout.trim(), `${url}/v3`);
    const found = spawnSync(process.execPath, ["scripts/local-service-url.js", path.join(dir, "service.journal")], { cwd: root, encoding: "utf8" });
    assert.equal(found.stdout.trim(), url);

    const api = new Api({ url, baseUrl: `${url}/v3`, apiKey: "devkey" } as never);
    const app = await api.post("/api_app", { name: "edited between ups", domains: ["between.example.com"] });
    expectStatus(app, 201);

    const stop = script("stop");
    assert.match(stop.stdout, /stopped/);
    assert.equal(script("status").status, 1);
    assert.ok(!fs.existsSync(path.join(dir, "service.journal.lock")));
    const missing = spawnSync(process.execPath, ["scripts/local-service-url.js", path.join(dir, "service.journal")], { cwd: root });
    assert.equal(missing.status, 1);

    const later = await startService({ port: 0, apiKey: "devkey", data: path.join(dir, "service.journal") });
    try {
      expectStatus(await new Api(later).get(`/api_app/${app.body.api_app.client_id}`), 200);
    } finally {
      await later.close();
    }
  });
});
