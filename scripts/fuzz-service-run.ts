/**
 * Runs Schemathesis (a property-based OpenAPI fuzzer) against a local service: the official
 * description (openapi.yaml in ../shared/reference/dropbox-sign-openapi, or ESIGN_OPENAPI_DIR) cut
 * to the operations the service serves (method and path shape both routed), with a fixed seed
 * and a bounded number of examples. Started by scripts/fuzz-service, which provides the venv.
 *
 *   node scripts/run-ts.js scripts/fuzz-service-run.ts <st binary> [st run options...]
 *
 * Before the run, one object of each kind is made through the API (an app, a team, an embedded
 * template, a sent signature request, a fax, a fax line) and its id given to Schemathesis for
 * every parameter of that name but the deletes' (a schemathesis.toml in the run's temp dir), so
 * the operations on `{id}` paths reach their handlers instead of answering 404 to generated ids.
 *
 * Prints the operations in scope, then Schemathesis's own report; exits with its code.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse } from "yaml";
import { startService } from "../service";
import { makePdf } from "../service/pdf";
import { allRoutes } from "../service/areas";

const METHODS = ["get", "put", "post", "delete", "patch"];
const shape = (p: string) =>
  p
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith("{") ? "{}" : s))
    .join("/");

/** The description with only the operations whose method and path shape the service routes. */
export function inScope(spec: { paths: Record<string, Record<string, unknown>> }): { spec: unknown; operations: string[] } {
  const served = new Set(allRoutes().map((r) => `${r.method} ${shape(r.path)}`));
  const paths: Record<string, Record<string, unknown>> = {};
  const operations: string[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    const kept = Object.fromEntries(Object.entries(item).filter(([m]) => !METHODS.includes(m) || served.has(`${m.toUpperCase()} ${shape(p)}`)));
    const ops = Object.keys(kept).filter((m) => METHODS.includes(m));
    if (ops.length === 0) continue;
    paths[p] = kept;
    operations.push(...ops.map((m) => `${m.toUpperCase()} ${p}`));
  }
  return { spec: { ...spec, paths }, operations };
}

/** An object of each kind, made through the API: `<location>.<parameter>` -> id. */
async function seed(baseUrl: string, apiKey: string): Promise<Record<string, string>> {
  const headers = { Authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}` };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the operation answers
  const call = async (method: string, p: string, body?: Record<string, unknown>, files = false): Promise<any> => {
    let payload: FormData | string | undefined;
    const h: Record<string, string> = { ...headers };
    if (files && body) {
      const form = new FormData();
      form.append("files[0]", new Blob([makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Fuzz" }] }] })], { type: "application/pdf" }), "fuzz.pdf");
      for (const [k, v] of Object.entries(body)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
      payload = form;
    } else if (body) {
      payload = JSON.stringify(body);
      h["Content-Type"] = "application/json";
    }
    const res = await fetch(`${baseUrl}${p}`, { method, headers: h, body: payload });
    const text = await res.text();
    if (!res.ok) throw new Error(`seeding ${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : {};
  };
  const client_id = (await call("POST", "/api_app", { name: "Fuzz", domains: ["fuzz.example.com"] })).api_app.client_id;
  await call("POST", "/team/create", { name: "Fuzz" });
  const team_id = (await call("GET", "/team/info")).team.team_id;
  const template_id = (await call("POST", "/template/create_embedded_draft", { client_id, signer_roles: [{ name: "Client", order: 0 }], test_mode: "1" }, true)).template.template_id;
  const signature_request_id = (await call("POST", "/signature_request/send", { signers: [{ name: "Ann", email_address: "ann@example.com" }], test_mode: "1" }, true)).signature_request
    .signature_request_id;
  const fax_id = (await call("POST", "/fax/send", { recipient: "+14155550100", test_mode: "1" }, true)).fax.fax_id;
  const number = (await call("POST", "/fax_line/create", { area_code: 415, country: "US" })).fax_line.number;
  return {
    "path.client_id": client_id,
    "path.team_id": team_id,
    "query.team_id": team_id,
    "path.template_id": template_id,
    "path.signature_request_id": signature_request_id,
    "path.fax_id": fax_id,
    "query.number": number,
  };
}

/** Deletes keep generated ids: a seeded id there would take the object from every later case, and
 * would override the id the stateful phase carries from a create to its delete. */
const DELETES = "^(DELETE /(api_app|fax)/|POST /template/delete/)";

/** schemathesis.toml: the seeded ids for every operation but the deletes. */
function configText(ids: Record<string, string>): string {
  const table = Object.entries(ids)
    .map(([k, v]) => `"${k}" = "${v}"`)
    .join("\n");
  return `[[operations]]\nexclude-name-regex = '${DELETES}'\n[operations.parameters]\n${table}\n`;
}

async function main(): Promise<void> {
  const [st, ...args] = process.argv.slice(2);
  if (!st) throw new Error("usage: fuzz-service.ts <st binary> [st run options...]");
  const source = path.join(process.env.ESIGN_OPENAPI_DIR ?? path.resolve(__dirname, "../../shared/reference/dropbox-sign-openapi"), "openapi.yaml");
  const { spec, operations } = inScope(parse(fs.readFileSync(source, "utf8")));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-fuzz-"));
  const file = path.join(dir, "openapi.json");
  fs.writeFileSync(file, JSON.stringify(spec));
  console.error(`fuzz-service: ${operations.length} operations in scope:\n  ${operations.join("\n  ")}`);
  // A high rate limit: the fuzzer's bursts are not what is under test.
  const svc = await startService({ port: 0, apiKey: "devkey", rateLimit: 1_000_000, templateProcessingMs: 20, autoAcceptInvites: true });
  try {
    const ids = await seed(svc.baseUrl, svc.apiKey);
    const config = path.join(dir, "schemathesis.toml");
    fs.writeFileSync(config, configText(ids));
    console.error(`fuzz-service: parameters of the seeded objects: ${JSON.stringify(ids)}`);
    const code = await new Promise<number>((resolve, reject) => {
      // cwd: Schemathesis keeps its example database (.schemathesis/) there, out of the repository.
      const child = spawn(st, ["--config-file", config, "run", file, "--url", svc.baseUrl, "--auth", "devkey:", "--report-dir", path.join(dir, "report"), ...args], { stdio: "inherit", cwd: dir });
      child.on("error", reject);
      child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    console.error(`fuzz-service: report files in ${dir}`);
    process.exitCode = code;
  } finally {
    await svc.close();
  }
}

// Run when started (scripts/run-ts.js puts this file at argv[1]), not when imported by a test.
if (process.argv[1] === __filename)
  main().catch((e) => {
    console.error(`fuzz-service: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
