/**
 * Template and TemplateAccess through the real engine against the local service: the
 * lifecycle scenario, shared with the acceptance run (test/engine/scenarios/template.ts).
 */
import { templateScenario } from "../scenarios/template";
import { localTarget } from "../scenarios/target";

templateScenario(localTarget());
