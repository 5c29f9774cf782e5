/**
 * The real account as a scenario target (test/engine/scenarios/target.ts): names and invitees
 * carry the run's prefix, test mode is on, and there is no control plane (the scenarios' steps
 * that need one are not registered).
 */
import axios from "axios";
import type { ScenarioTarget } from "../engine/scenarios/target";
import { emailFor, type AcceptanceConfig } from "./config";

export function accountTarget(config: AcceptanceConfig): ScenarioTarget {
  return {
    label: "acceptance",
    local: false,
    async open() {
      return {
        stackConfig: () => ({ "esign:apiKey": { value: config.apiKey, secret: true }, "esign:baseUrl": { value: config.baseUrl } }),
        api: axios.create({ baseURL: config.baseUrl, auth: { username: config.apiKey, password: "" }, validateStatus: () => true }),
        name: (base) => `${config.runPrefix}${base}`,
        email: (tag) => emailFor(config, tag),
        testMode: true,
        close: async () => undefined,
      };
    },
  };
}
