/**
 * The scenarios an acceptance run can run, by name (`--only api-app,team`): the engine suites'
 * own (test/engine/scenarios/), registered against the account. Fax lines cost money: their
 * scenario needs ESIGN_ACCEPTANCE_FAX=1.
 */
import type { ScenarioTarget } from "../engine/scenarios/target";
import { apiAppScenario } from "../engine/scenarios/api-app";
import { teamScenario } from "../engine/scenarios/team";
import { faxLineScenario } from "../engine/scenarios/fax-line";
import { templateScenario } from "../engine/scenarios/template";

export interface AcceptanceScenario {
  register(target: ScenarioTarget): void;
  /** Why it does not run by default, if it does not. */
  optIn?: { variable: string; reason: string };
}

export const SCENARIOS: Record<string, AcceptanceScenario> = {
  "api-app": { register: apiAppScenario },
  team: { register: teamScenario },
  template: { register: templateScenario },
  "fax-line": { register: faxLineScenario, optIn: { variable: "ESIGN_ACCEPTANCE_FAX", reason: "fax lines cost money (each run buys two numbers, released at its end)" } },
};
