/**
 * Every command package.json's `bin` installs is a script the shell can run: npm links the file
 * itself, so a compiled entry needs its source's `#!/usr/bin/env node` line (tsc keeps it). Found
 * when `esign-service` lost it and a user's `npx esign-service` ran it with sh.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "..", "..");
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { bin: Record<string, string> };

describe("package.json bin: every command starts with a shebang", () => {
  for (const [name, file] of Object.entries(pkg.bin)) {
    it(name, () => {
      // dist/ is built from the TypeScript source beside it in the tree.
      const source = /^dist\/(.*)\.js$/.exec(file);
      const text = fs.readFileSync(path.join(repoRoot, source ? `${source[1]}.ts` : file), "utf8");
      assert.match(text.split("\n")[0], /^#!\/usr\/bin\/env (node|bash|sh)\b/, `${name} (${file})`);
    });
  }
});
