/**
 * The recording mode (ESIGN_RECORD / the `record` option, provider/client/record.ts): one
 * file per exchange with method, path, status, the headers that matter and both bodies; the
 * API key, its Basic token and the OAuth secret nowhere in the files; e-mail local parts
 * replaced by a stable pseudonym; multipart bodies summarised without the file's bytes.
 */
import * as assert from "assert";
import { createHmac } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { EsignClient, Redactor } from "../../provider/client";
import { Recorder, recordingKeyFile, type RecordedExchange } from "../../provider/client/record";
import { startService } from "../../service";
import { isolateRecordingKeys, recordSampleSession, SAMPLE_PDF, type RecordedSession } from "../support/recording";

describe("client: the recording mode", function () {
  let dir: string;
  let session: RecordedSession;
  let files: string[];
  let texts: string[];
  let exchanges: RecordedExchange[];

  before(async () => {
    isolateRecordingKeys();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-record-"));
    session = await recordSampleSession(dir);
    files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
    texts = files.map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    exchanges = texts.map((t) => JSON.parse(t));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes one file per exchange, in order, with method, path, status and the headers that matter", () => {
    assert.strictEqual(files.length, 13);
    assert.deepStrictEqual(exchanges.map((e) => `${e.method} ${e.path.replace(/[0-9a-f]{16,}/, "<id>")} ${e.status}`).slice(0, 4), [
      "POST /api_app 201",
      "GET /api_app/<id> 200",
      "PUT /api_app/<id> 200",
      "POST /team/create 200",
    ]);
    const first = exchanges[0];
    assert.strictEqual(first.operation, "api_app.create");
    assert.match(first.response.headers["content-type"], /application\/json/);
    // What the real rate limit is read from (§7, §9): the recorded remaining-count spelling, the reset and the answer's Date (D131).
    for (const name of ["x-ratelimit-limit", "x-ratelimit-limit-remaining", "x-ratelimit-reset", "date"]) {
      assert.ok(first.response.headers[name] !== undefined, `${name} is kept: ${JSON.stringify(first.response.headers)}`);
    }
    assert.ok(Number.isFinite(Date.parse(first.response.headers.date)));
    assert.deepStrictEqual((first.request.body as { name: string }).name, "Recorded app");
    const missing = exchanges.find((e) => e.status === 404)!;
    assert.strictEqual((missing.response.body as { error: { error_name: string } }).error.error_name, "not_found");
  });

  it("leaves out the API key, its Basic token and the OAuth secret", () => {
    const basic = Buffer.from(`${session.apiKey}:`).toString("base64");
    for (const [i, text] of texts.entries()) {
      assert.ok(!text.includes(session.apiKey), `${files[i]} holds the API key`);
      assert.ok(!text.includes(basic), `${files[i]} holds the Basic token`);
      assert.ok(!text.includes(session.oauthSecret), `${files[i]} holds the OAuth secret`);
      assert.ok(!/authorization/i.test(text), `${files[i]} holds an Authorization header`);
    }
    const app = exchanges[0].response.body as { api_app: { oauth: { secret: string } } };
    assert.strictEqual(app.api_app.oauth.secret, "[REDACTED]", "the key is kept, its value redacted");
  });

  it("replaces e-mail local parts with one pseudonym per address, keeping the domain", () => {
    for (const [i, text] of texts.entries()) {
      for (const email of session.emails) assert.ok(!text.includes(email.split("@")[0] + "@"), `${files[i]} holds ${email}`);
    }
    const invites = exchanges.filter((e) => e.operation === "team.add_member").map((e) => (e.request.body as { email_address: string }).email_address);
    assert.match(invites[0], /^redacted-[0-9a-f]{8}@example\.com$/);
    assert.match(invites[1], /^redacted-[0-9a-f]{8}@example\.org$/);
    assert.notStrictEqual(invites[0], invites[1]);
    assert.strictEqual(invites[2], invites[0], "one address, one pseudonym (a replay needs them to match)");
    // The key that reverses the pseudonyms is not in the recording: sharing the directory whole shares no key.
    assert.deepStrictEqual(
      fs.readdirSync(dir).filter((f) => !f.endsWith(".json")),
      [],
    );
    const keyFile = recordingKeyFile(dir);
    assert.ok(path.relative(dir, keyFile).startsWith(".."), `${keyFile} is outside the directory`);
    assert.match(fs.readFileSync(keyFile, "utf8"), /^[0-9a-f]{64}$/);
    assert.strictEqual(fs.statSync(keyFile).mode & 0o777, 0o600);
  });

  it("a key an earlier version left in the directory is moved out, and its pseudonyms are kept", async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), "esign-record-old-"));
    try {
      const key = "ab".repeat(32);
      fs.writeFileSync(path.join(old, ".redaction-key"), key);
      const recorder = new Recorder(old, new Redactor([]));
      const expected = createHmac("sha256", Buffer.from(key, "hex")).update("alice").digest("hex").slice(0, 8);
      assert.strictEqual(recorder.clean("alice@example.com"), `redacted-${expected}@example.com`);
      assert.strictEqual(fs.existsSync(path.join(old, ".redaction-key")), false);
      assert.strictEqual(fs.readFileSync(recordingKeyFile(old), "utf8"), key);
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });

  it("summarises a multipart body: field names, file names, types and sizes, no bytes", () => {
    const create = exchanges.find((e) => e.operation === "template.create")!;
    assert.strictEqual(create.request.kind, "multipart");
    const file = create.request.parts!.find((p) => p.field === "files[0]")!;
    assert.deepStrictEqual(file, { field: "files[0]", filename: "nda.pdf", contentType: "application/pdf", size: fs.statSync(SAMPLE_PDF).size });
    assert.deepStrictEqual(
      create.request.parts!.find((p) => p.field === "title"),
      { field: "title", value: "Recorded NDA" },
    );
    assert.ok(!texts.some((t) => t.includes("%PDF")), "no file bytes in any recording");
  });

  it("is switched on by ESIGN_RECORD (how `ESIGN_RECORD=dir pulumi up` reaches the provider's client), and off without it", async () => {
    const svc = await startService({ port: 0 });
    const envDir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-record-env-"));
    const saved = process.env.ESIGN_RECORD;
    try {
      delete process.env.ESIGN_RECORD;
      await new EsignClient({ apiKey: svc.apiKey, baseUrl: svc.baseUrl }).account.get();
      assert.deepStrictEqual(fs.readdirSync(envDir), []);
      process.env.ESIGN_RECORD = envDir;
      await new EsignClient({ apiKey: svc.apiKey, baseUrl: svc.baseUrl }).account.get();
      const written = fs.readdirSync(envDir).filter((f) => f.endsWith(".json"));
      assert.strictEqual(written.length, 1);
      assert.match(written[0], /^\d{14}-\d+-00001-account\.get\.json$/);
      const exchange: RecordedExchange = JSON.parse(fs.readFileSync(path.join(envDir, written[0]), "utf8"));
      assert.strictEqual(exchange.status, 200);
      assert.match((exchange.response.body as { account: { email_address: string } }).account.email_address, /^redacted-[0-9a-f]{8}@/);
    } finally {
      if (saved === undefined) delete process.env.ESIGN_RECORD;
      else process.env.ESIGN_RECORD = saved;
      fs.rmSync(envDir, { recursive: true, force: true });
      await svc.close();
    }
  });
});
