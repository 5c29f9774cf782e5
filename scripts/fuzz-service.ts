/**
 * Runs Schemathesis (a property-based OpenAPI fuzzer) against a local service: the official
 * description (../shared/reference/dropbox-sign-openapi/openapi.yaml, or ESIGN_OPENAPI) cut
 * to the operations the service serves (method and path shape both routed), with a fixed seed
 * and a bounded number of examples. Started by scripts/fuzz-service, which provides the venv.
 *
 *   node scripts/run-ts.js scripts/fuzz-service.ts <st binary> [st run options...]
 *
 * Prints the operations in scope, then Schemathesis's own report; exits with its code.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse } from "yaml";
import { startService } from "../service";
import { allRoutes } from "../service/areas";

const METHODS = ["get", "put", "post", "delete", "patch"];
const shape = (p: string) => p.split("/").filter(Boolean).map((s) => (s.startsWith("{") ? "{}" : s)).join("/");

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

async function main(): Promise<void> {
  const [st, ...args] = process.argv.slice(2);
  if (!st) throw new Error("usage: fuzz-service.ts <st binary> [st run options...]");
  const source = process.env.ESIGN_OPENAPI ?? path.resolve(__dirname, "../../shared/reference/dropbox-sign-openapi/openapi.yaml");
  const { spec, operations } = inScope(parse(fs.readFileSync(source, "utf8")));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-fuzz-"));
  const file = path.join(dir, "openapi.json");
  fs.writeFileSync(file, JSON.stringify(spec));
  console.error(`fuzz-service: ${operations.length} operations in scope:\n  ${operations.join("\n  ")}`);
  // A high rate limit: the fuzzer's bursts are not what is under test.
  const svc = await startService({ port: 0, apiKey: "devkey", rateLimit: 1_000_000, templateProcessingMs: 20, autoAcceptInvites: true });
  try {
    const code = await new Promise<number>((resolve, reject) => {
      // cwd: Schemathesis keeps its example database (.schemathesis/) there, out of the repository.
      const child = spawn(st, ["run", file, "--url", svc.baseUrl, "--auth", "devkey:", "--report-dir", path.join(dir, "report"), ...args], { stdio: "inherit", cwd: dir });
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
if (process.argv[1] === __filename) main().catch((e) => {
  console.error(`fuzz-service: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
