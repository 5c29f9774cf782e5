/**
 * scripts/release's schema check: compares the schema being released with the last release's.
 *
 *   node scripts/run-ts.js scripts/release-support/check-compat.ts \
 *     --previous FILE --previous-version X.Y.Z --current schema.json --version X.Y.Z
 *
 * Exit 0 (compatible, or breaking under a major bump: the changes are listed on stderr), 1 with
 * one line naming every breaking change (or the Go module path that does not fit the major
 * version), 2 on bad arguments. scripts/check-schema-compat finds the last release for it.
 */
import * as fs from "fs";
import { checkRelease, type SchemaSpec } from "./compat";

function arg(name: string): string {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (!value) {
    console.error(`check-compat: ${name} is required (--previous FILE --previous-version V --current FILE --version V)`);
    process.exit(2);
  }
  return value;
}

const read = (file: string): SchemaSpec => JSON.parse(fs.readFileSync(file, "utf8"));
const previousVersion = arg("--previous-version");
const version = arg("--version");
let verdict: ReturnType<typeof checkRelease>;
try {
  verdict = checkRelease(read(arg("--previous")), previousVersion, read(arg("--current")), version);
} catch (e) {
  console.error(`check-compat: ${(e as Error).message}`);
  process.exit(2);
}
if (verdict.goModule) {
  console.error(`release: ${verdict.goModule} (move it in provider/schema/language.ts, then npm run schema && scripts/gen-sdks)`);
  process.exit(1);
}
if (!verdict.ok) {
  console.error(`release: the schema of ${version} breaks ${previousVersion}'s (only a new major version may): ${verdict.breaking.join("; ")}`);
  process.exit(1);
}
if (verdict.breaking.length) console.error(`release: ${version} is a new major version; breaking schema changes since ${previousVersion}: ${verdict.breaking.join("; ")}`);
else console.error(`release: the schema of ${version} is compatible with ${previousVersion}'s`);
