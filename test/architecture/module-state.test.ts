/**
 * No module holds a run's state (issue 38 item 3): the hosts are objects (runtime.ts DynamicHost,
 * native/host.ts NativeHost) and what a run accumulates is one value on the Deployment
 * (deployment/run.ts). Top-level mutable state in provider/ and service/, as `npm run house`
 * finds it (scripts/house/state.ts), is exactly the two named exceptions below, each about
 * something the process has once.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { moduleState } from "../../scripts/house/state";

const ROOT = path.resolve(__dirname, "../..");

/** file: variable, and why it belongs to the process rather than to a host or a run. */
const EXCEPTIONS: Record<string, string> = {
  // console is the process's: the dynamic host's filter of the SDK host's echo patches it once.
  "provider/host-patches/host-echo.ts": "echoes",
  // A service must refuse the ports of every service of the process, not only its own.
  "service/http/outbound.ts": "ownPorts",
};

describe("architecture: module-level mutable state", () => {
  it("provider/ and service/ hold none but the two named exceptions", () => {
    const found = moduleState(ROOT).map((s) => `${s.at.replace(/:\d+$/, "")}: ${s.name} (${s.why})`);
    const expected = Object.entries(EXCEPTIONS).map(([file, name]) => `${file}: ${name} (mutated)`);
    assert.deepEqual(found.sort(), expected.sort(), "a host or the run (deployment/run.ts) holds state, not a module");
  });

  it("the detector sees a new top-level let, a mutated container and an AsyncLocalStorage", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "module-state-"));
    try {
      fs.mkdirSync(path.join(dir, "provider"), { recursive: true });
      fs.writeFileSync(
        path.join(dir, "provider", "run.ts"),
        'import { AsyncLocalStorage } from "node:async_hooks";\nlet current = 0;\nconst book = new Map<string, number>();\nexport const note = (k: string) => book.set(k, ++current);\nconst running = new AsyncLocalStorage<string>();\nexport const now = () => running.getStore();\n',
      );
      assert.deepEqual(
        moduleState(dir).map((s) => `${s.name} ${s.why}`),
        ["current let", "book mutated", "running AsyncLocalStorage"],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
