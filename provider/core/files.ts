/** Local files given as resource inputs: read them and diff them by content hash. */
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";

export interface LocalFile {
  filename: string;
  content: Buffer;
}

/** Resolves against the program directory (the provider process's cwd). */
export function readLocalFile(filePath: string): LocalFile {
  const resolved = path.resolve(filePath);
  return { filename: path.basename(resolved), content: fs.readFileSync(resolved) };
}

export function sha256(content: Buffer | string): string {
  return createHash("sha256").update(content).digest("hex");
}

/** A system error's code (`ENOENT`, `EEXIST`), or undefined for any other error. */
export function errnoCode(e: unknown): string | undefined {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;
}

/** The content hash of a file, or a failure reason naming the rule. */
export function hashFile(filePath: string): { hash: string } | { error: string } {
  try {
    const stat = fs.statSync(path.resolve(filePath));
    if (!stat.isFile()) return { error: `must be a readable file (${filePath} is not a file)` };
    return { hash: sha256(fs.readFileSync(path.resolve(filePath))) };
  } catch (e) {
    return { error: `must be a readable file (${errnoCode(e) ?? String(e)}: ${filePath})` };
  }
}
