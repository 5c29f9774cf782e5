/**
 * No import cycles in contract/, provider/ or service/. Static imports, type-only ones included
 * (import-cycles.ts says why).
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import { importCycles, onScratchTree } from "./import-cycles";

const ROOT = path.resolve(__dirname, "../..");

describe("architecture: import cycles", () => {
  it("contract/, provider/ and service/ have none", () => {
    const cycles = importCycles(ROOT, ["contract", "provider", "service"]);
    assert.deepEqual(cycles, [], `import cycles:\n${cycles.map((c) => c.join(" <-> ")).join("\n")}`);
  });

  it("the detector sees a cycle through type-only imports and re-exports, and nothing in a plain chain", () => {
    const files = {
      "src/a.ts": 'import type { B } from "./b";\nexport type A = B;\n',
      "src/b.ts": 'export * from "./c";\nexport type B = string;\n',
      "src/c/index.ts": 'import {\n  a,\n} from "../a";\nexport const c = a;\n',
      "src/d.ts": 'import { c } from "./c";\nimport { z } from "zod";\nconst later = () => import("./e");\nexport { c, z, later };\n',
      "src/e.ts": 'import "./d";\n',
    };
    // d -> c and e -> d, but d reaches e only through import(): not a cycle.
    onScratchTree(files, (dir) => assert.deepEqual(importCycles(dir, ["src"]), [["src/a.ts", "src/b.ts", "src/c/index.ts"]]));
  });
});
