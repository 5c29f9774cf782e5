/**
 * The recording mode (ESIGN_RECORD=<dir>, or the client option `record`): every exchange with
 * the service is written to the directory as one JSON file, so a user with a real account can
 * hand the project evidence of what the service answers, and `npm run emulator:compare`
 * holds the local service to it (D88).
 *
 * A file holds the method, path, query, status, the headers that matter (content type, Date, the
 * rate-limit headers, Retry-After) and both bodies, redacted before they are written: the
 * credentials the client knows, every value under a secret-like key (oauth.secret,
 * client_secret, tokens, passwords), and the local part of every e-mail address, replaced by
 * `redacted-<8 hex>` keyed with a random key kept outside the directory (recordingKeyFile, D143:
 * a recording shared whole must not carry the key that reverses its pseudonyms), so one address
 * stays one address through the recording (replay needs that) without being guessable from its hash. Multipart bodies are summarised: field names, file names,
 * types and sizes, never the bytes.
 */
import { createHash, createHmac, randomBytes } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { readEnvironment } from "./options";
import { deepCopy, REDACTED, type Redactor } from "./redact";

/**
 * Response headers worth keeping: what the client reads besides the body, and what the real rate
 * limit is read from (both spellings of the remaining count: the real service sends
 * X-Ratelimit-Limit-Remaining; the reset is read against the answer's Date: §7, §9, D131).
 */
const KEPT_HEADERS = ["content-type", "date", "x-ratelimit-limit", "x-ratelimit-limit-remaining", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"];
const SECRET_KEYS = /^(secret|client_secret|access_token|refresh_token|token|api_key|apikey|password|authorization)$/i;
const EMAIL = /([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** Where earlier versions kept the key: inside the recording. Moved out on first use. */
const OLD_KEY_FILE = ".redaction-key";

/**
 * The pseudonym key of recording directory `dir`: one per directory (every process recording
 * there shares it), in the user's state directory, named by a hash of the directory's path.
 */
export function recordingKeyFile(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const state = env.XDG_STATE_HOME || path.join(os.homedir(), ".local", "state");
  const keys = readEnvironment(env).recordKeys ?? path.join(state, "esign", "recording-keys");
  return path.join(keys, `${createHash("sha256").update(path.resolve(dir)).digest("hex").slice(0, 32)}.key`);
}

/** One multipart field as recorded: a file's name, type and size, or a text field's (redacted) value. */
export interface RecordedPart {
  field: string;
  filename?: string;
  contentType?: string;
  size?: number;
  value?: string;
}

export interface RecordedExchange {
  /** Recording format version. */
  format: 1;
  recordedAt: string;
  operation: string;
  method: string;
  /** Below the base URL, ids as sent; the query apart. */
  path: string;
  query: Record<string, unknown>;
  request: { kind: "none" | "json" | "multipart"; body?: unknown; parts?: RecordedPart[] };
  status: number;
  response: { headers: Record<string, string>; body?: unknown; bytes?: number };
}

export interface Exchange {
  operation: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  data: unknown;
  status: number;
  headers: Record<string, unknown>;
  body: unknown;
}

export class Recorder {
  private counter = 0;
  private key?: Buffer;

  constructor(
    readonly dir: string,
    private readonly redactor: Redactor,
  ) {}

  /** Writes one exchange; a recording that cannot be written never fails the call it records. */
  async record(exchange: Exchange, warn?: (message: string) => void): Promise<void> {
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const entry = this.entry(exchange);
      // Sortable across processes (the engine may run several providers): time, pid, counter.
      const name = `${String(Date.now()).padStart(14, "0")}-${process.pid}-${String(++this.counter).padStart(5, "0")}-${exchange.operation}.json`;
      await fs.promises.writeFile(path.join(this.dir, name), `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 });
    } catch (error) {
      warn?.(`ESIGN_RECORD: could not write to ${this.dir}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  entry(exchange: Exchange): RecordedExchange {
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) if (exchange.headers[name] !== undefined) headers[name] = String(exchange.headers[name]);
    const json = /json/i.test(headers["content-type"] ?? "") || (typeof exchange.body === "object" && !Buffer.isBuffer(exchange.body));
    const response: RecordedExchange["response"] = { headers };
    const empty = exchange.body === undefined || exchange.body === "";
    if (!empty && json) response.body = this.clean(exchange.body);
    else if (!empty) response.bytes = Buffer.isBuffer(exchange.body) ? exchange.body.length : Buffer.byteLength(String(exchange.body));
    return {
      format: 1,
      recordedAt: new Date().toISOString(),
      operation: exchange.operation,
      method: exchange.method,
      path: this.clean(exchange.path),
      query: this.clean(exchange.query),
      request: this.request(exchange.data),
      status: exchange.status,
      response,
    };
  }

  private request(data: unknown): RecordedExchange["request"] {
    if (data === undefined) return { kind: "none" };
    if (!(data instanceof FormData)) return { kind: "json", body: this.clean(data) };
    const parts: RecordedPart[] = [];
    for (const [field, value] of data.entries()) {
      if (typeof value === "string") parts.push({ field, value: SECRET_KEYS.test(field) ? REDACTED : this.clean(value) });
      else parts.push({ field, filename: this.clean(value.name), contentType: value.type, size: value.size });
    }
    return { kind: "multipart", parts };
  }

  /** A deep copy with secrets and e-mail local parts redacted. */
  clean<T>(value: T): T {
    return deepCopy(
      value,
      (text) => this.text(text),
      (key, item, copy) => (SECRET_KEYS.test(key) && item !== null && item !== "" ? REDACTED : copy(item)),
    );
  }

  private text(value: string): string {
    const redacted = this.redactor.text(value);
    return redacted.replace(EMAIL, (_match, local: string, domain: string) => `redacted-${this.pseudonym(local.toLowerCase())}@${domain}`);
  }

  private pseudonym(local: string): string {
    if (local.startsWith("redacted-")) return local.slice("redacted-".length); // already done
    return createHmac("sha256", this.redactionKey()).update(local).digest("hex").slice(0, 8);
  }

  /**
   * The directory's key: made once (exclusive create) outside it, shared by every process that
   * records there. A key an earlier version left inside the directory is moved out, so the
   * pseudonyms already written stay the same.
   */
  private redactionKey(): Buffer {
    if (this.key) return this.key;
    const file = recordingKeyFile(this.dir);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const old = path.join(this.dir, OLD_KEY_FILE);
    const inherited = fs.existsSync(old) ? fs.readFileSync(old, "utf8").trim() : undefined;
    try {
      fs.writeFileSync(file, inherited ?? randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    }
    this.key = Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
    if (inherited !== undefined) fs.rmSync(old, { force: true });
    return this.key;
  }
}

/** The recorder the options or ESIGN_RECORD ask for, if any. */
export function recorderFor(dir: string | undefined, redactor: Redactor): Recorder | undefined {
  const target = dir ?? readEnvironment().record;
  return target ? new Recorder(path.resolve(target), redactor) : undefined;
}
