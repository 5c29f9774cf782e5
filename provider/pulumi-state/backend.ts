/**
 * The file backend's root: where `pulumi login file://...` keeps `.pulumi/` (its stacks'
 * checkpoints and locks). Other backends (Pulumi Cloud, S3, GCS, Azure Blob) show esign nothing.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { fileURLToPath } from "url";

/** The root directory of a backend URL (`file://~`, `file://~/x`, `file:///x`), or undefined for another backend. */
export function fileRoot(url: string | undefined): string | undefined {
  if (!url?.startsWith("file://")) return undefined;
  if (url === "file://~") return os.homedir();
  return fileURLToPath(url.replace(/^file:\/\/~(?=\/)/, `file://${os.homedir()}`));
}

/** The backend the CLI uses (PULUMI_BACKEND_URL, else PULUMI_HOME's credentials.json), as a file backend's root. */
export function fileBackendRoot(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PULUMI_BACKEND_URL) return fileRoot(env.PULUMI_BACKEND_URL);
  try {
    const home = env.PULUMI_HOME || path.join(os.homedir(), ".pulumi");
    const current: unknown = JSON.parse(fs.readFileSync(path.join(home, "credentials.json"), "utf8"))?.current;
    return typeof current === "string" ? fileRoot(current) : undefined;
  } catch {
    return undefined;
  }
}
