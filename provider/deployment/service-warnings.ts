/**
 * What the service says beside a success reaches the user. The real service answers plan
 * limits and repeated requests with a 2xx and `warnings` (`test_mode_only` on white labeling
 * without the plan, `need_credit` when a template is created locked, `add_member` on a repeated
 * invitation: real-service-evidence.md §6); an operation's result is the resource alone, so the
 * client hands them to a hook (onWarnings), and here they become engine warnings naming the
 * resource operation that got them. Which operation is running is carried by an
 * AsyncLocalStorage of the run (deployment/run.ts) set around each resource operation
 * (operations/index.ts), so every host and every request an operation makes is covered without
 * passing it through each call.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Warning } from "../../contract";
import type { EngineLog } from "./engine-log";

interface Running {
  /** `ApiApp "billing" create`: the resource operation, as its warnings name it. */
  what: string;
  /** The warnings already said in this operation (a list answers each page with the same). */
  said: Set<string>;
  /** Warnings on their way to the engine: the operation ends after they are delivered. */
  sending: Promise<void>[];
}

export class ServiceWarnings {
  private readonly running = new AsyncLocalStorage<Running>();

  /** Runs one resource operation; the service's warnings meanwhile name it, and are delivered before it ends. */
  async during<T>(what: string, fn: () => Promise<T>): Promise<T> {
    const state: Running = { what, said: new Set(), sending: [] };
    try {
      return await this.running.run(state, fn);
    } finally {
      await Promise.all(state.sending);
    }
  }

  /** The client's onWarnings hook for a deployment: each warning once per operation, as an engine warning. */
  to(log: EngineLog): (warnings: Warning[], info: { method: string; path: string }) => void {
    return (warnings, info) => {
      const state = this.running.getStore();
      for (const w of warnings) {
        const key = `${w.warning_name}\0${w.warning_msg}`;
        if (state?.said.has(key)) continue;
        state?.said.add(key);
        const where = state?.what ?? `${info.method} ${info.path}`;
        const sent = log.warn(`${where}: the service warned: ${w.warning_msg} (${w.warning_name})`);
        state?.sending.push(sent);
      }
    };
  }
}
