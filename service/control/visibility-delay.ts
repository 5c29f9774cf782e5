/**
 * @module service/control/visibility-delay
 * The read-after-create lag (D120): for a while after it is made, a new object is unknown to
 * the reads of its area (404 `not_found`, left out of lists), as the vendor's own live tests
 * expect of templates, API apps and (weaker) the team. One delay per area, a service option
 * (`templateVisibilityDelayMs`, `apiAppVisibilityDelayMs`, `teamVisibilityDelayMs`), switched
 * at run time under /_local/settings/<area>_visibility_delay. Off (0) by default.
 */
import { z } from "zod";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../kernel";
import type { ResolvedOptions } from "../options";
import { numeric } from "./fields";

/** The options that hold a visibility delay, in ms. */
export type VisibilityDelayOption = "templateVisibilityDelayMs" | "apiAppVisibilityDelayMs" | "teamVisibilityDelayMs";

/** Until when (ms) an object made now stays hidden; undefined: visible at once (the delay is off). */
export function hiddenUntil(options: Pick<ResolvedOptions, VisibilityDelayOption>, option: VisibilityDelayOption, nowMs: number): number | undefined {
  const delay = options[option];
  return delay > 0 ? nowMs + delay : undefined;
}

/** False while a just-made object is still hidden by its area's delay. */
export function isVisible(o: { visible_at_ms?: number }, nowMs: number): boolean {
  return o.visible_at_ms === undefined || nowMs >= o.visible_at_ms;
}

const delayBody = z.object({ delay_ms: numeric.pipe(z.number().int().min(0)) });

/** GET and PUT /settings/<name>_visibility_delay: the delay in force, and its switch for objects made from then on. */
export function visibilityDelayRoutes(svc: ServiceContext, name: string, option: VisibilityDelayOption, what: string): ControlRoute[] {
  const path = `/settings/${name}_visibility_delay`;
  return [
    { method: "GET", path, summary: `How long ${what} stays unknown to reads (ms; 0 = off)`, handler: () => ok({ delay_ms: svc.options[option] }) },
    controlRoute({
      method: "PUT",
      path,
      summary: `Set how long ${what} stays unknown to reads {delay_ms} (0 = off); objects made from now on`,
      body: delayBody,
      handler: ({ body }) => {
        svc.options[option] = body.delay_ms;
        return ok({ delay_ms: body.delay_ms });
      },
    }),
  ];
}
