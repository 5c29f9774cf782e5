/**
 * Where the drift report finds `ignore` (D102): `--ignore-file FILE` (an account file, or any YAML
 * file with a top-level `ignore` map); else the stack's account file (`esign:accountFile`, the
 * top-level program's setting, default `account.yaml` in the project directory) when there is one.
 * Only the `ignore` map is read, checked by the account file's own schema for it.
 */
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { fieldName } from "../account-file/load";
import { ignoreSchema } from "../account-file/schema";
import type { IgnoreMap } from "./drift-unmanaged";

export function readIgnore(file: string): IgnoreMap {
  const doc: unknown = parse(fs.readFileSync(file, "utf8"));
  const ignore = doc && typeof doc === "object" && "ignore" in doc ? doc.ignore : undefined;
  if (ignore === undefined) return {};
  const parsed = ignoreSchema.safeParse(ignore);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ignore${issue.path.length ? `.${fieldName(issue.path.map((p) => (typeof p === "symbol" ? String(p) : p)))}` : ""}: ${issue.message}`);
  }
  return parsed.data;
}

/** The ignore map of a drift run: the given file, else the project's account file, else none. */
export function ignoreFor(dir: string, given: string | undefined, accountFileSetting: string | undefined): IgnoreMap {
  if (given) return readIgnore(path.resolve(given));
  const file = path.resolve(dir, accountFileSetting ?? "account.yaml");
  return fs.existsSync(file) ? readIgnore(file) : {};
}
