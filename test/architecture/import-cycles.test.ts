/**
 * No import cycles in service/ (and contract/); provider/'s known cycles are listed below and
 * the list may only shrink: a new cycle fails, and so does a listed one that is gone (take it
 * off the list). Static imports, type-only ones included (import-cycles.ts says why).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { importCycles } from "./import-cycles";

const ROOT = path.resolve(__dirname, "../..");

/** Cycles in provider/ found when the check was written; the lead decides their fix. */
const KNOWN_PROVIDER_CYCLES: string[][] = [
  ["provider/account-file/load.ts", "provider/account-file/rules.ts", "provider/account-file/unknown-keys.ts"],
  [
    "provider/resources/support/account-pin.ts", "provider/resources/support/bulk.ts", "provider/resources/support/caller-team.ts",
    "provider/resources/support/context.ts", "provider/resources/support/membership.ts", "provider/resources/support/resource.ts",
    "provider/resources/support/team-people.ts",
  ],
];

const within = (cycle: string[], known: string[]) => cycle.every((f) => known.includes(f));

describe("architecture: import cycles", () => {
  const cycles = importCycles(ROOT, ["contract", "provider", "service"]);

  it("service/ and contract/ have none", () => {
    const ours = cycles.filter((c) => c.some((f) => f.startsWith("service/") || f.startsWith("contract/")));
    assert.deepEqual(ours, [], `import cycles:\n${ours.map((c) => c.join(" <-> ")).join("\n")}`);
  });

  it("provider/ has no cycle beyond the known ones", () => {
    const fresh = cycles.filter((c) => c.every((f) => f.startsWith("provider/")) && !KNOWN_PROVIDER_CYCLES.some((k) => within(c, k)));
    assert.deepEqual(fresh, [], `new import cycles in provider/:\n${fresh.map((c) => c.join(" <-> ")).join("\n")}`);
  });

  it("every known provider/ cycle still exists (the list only shrinks: take fixed ones off)", () => {
    const gone = KNOWN_PROVIDER_CYCLES.filter((k) => !cycles.some((c) => within(c, k)));
    assert.deepEqual(gone, [], "these cycles are gone: remove them from KNOWN_PROVIDER_CYCLES");
  });

  it("the detector sees a cycle through type-only imports and re-exports, and nothing in a plain chain", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write("src/a.ts", 'import type { B } from "./b";\nexport type A = B;\n');
      write("src/b.ts", 'export * from "./c";\nexport type B = string;\n');
      write("src/c/index.ts", 'import {\n  a,\n} from "../a";\nexport const c = a;\n');
      write("src/d.ts", 'import { c } from "./c";\nimport { z } from "zod";\nconst later = () => import("./e");\nexport { c, z, later };\n');
      write("src/e.ts", 'import "./d";\n');
      // d -> c and e -> d, but d reaches e only through import(): not a cycle.
      assert.deepEqual(importCycles(dir, ["src"]), [["src/a.ts", "src/b.ts", "src/c/index.ts"]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
