/**
 * One knob language (issue 38 item 4): every ESIGN_* variable is declared once, in zod with its
 * `env` (the provider's settings, the environment's own knobs), and read only through their
 * readers (parseSettings, readEnvironment): no module reads one by name, and no name is
 * declared twice.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { environmentSettings } from "../../provider/client/options";
import { SETTINGS } from "../../provider/deployment/settings";
import { metaOf } from "../../provider/schema/from-zod";

const ROOT = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return e.name.endsWith(".ts") ? [rel] : [];
  });
}

describe("architecture: declared knobs", () => {
  it("no module of provider/ or service/ reads an ESIGN_* variable by name", () => {
    const reads = ["provider", "service"].flatMap((dir) =>
      sources(dir).flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), "utf8")
          .split("\n")
          .map((line, i) => [line, `${file}:${i + 1}`] as const)
          .filter(([line]) => /\benv(\.ESIGN_|\[\s*["'`]ESIGN_)/.test(line))
          .map(([, at]) => at),
      ),
    );
    assert.deepEqual(reads, [], "read it through parseSettings or readEnvironment, after declaring it there");
  });

  it("each variable is declared once, by a setting or an environment knob", () => {
    const names = [...SETTINGS.map((s) => s.env), ...Object.values(environmentSettings.shape).map((s) => metaOf(s).env)];
    assert.ok(names.every((n) => n && /^ESIGN_[A-Z_]+$/.test(n)));
    assert.equal(new Set(names).size, names.length);
    assert.ok(names.includes("ESIGN_RECORD") && names.includes("ESIGN_DEBUG"));
  });
});
