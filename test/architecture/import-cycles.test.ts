/**
 * No import cycles in contract/, provider/ or service/. Static imports, type-only ones included
 * (import-cycles.ts says why).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { importCycles } from "./import-cycles";

const ROOT = path.resolve(__dirname, "../..");

describe("architecture: import cycles", () => {
  it("contract/, provider/ and service/ have none", () => {
    const cycles = importCycles(ROOT, ["contract", "provider", "service"]);
    assert.deepEqual(cycles, [], `import cycles:\n${cycles.map((c) => c.join(" <-> ")).join("\n")}`);
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
