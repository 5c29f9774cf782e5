/**
 * @module service/kernel/area
 * One area of the interface (one folder under service/areas): its API routes, its control
 * routes and a start hook. service/areas/index.ts lists the areas.
 */
import type { ControlRoute } from "./control";
import type { Route } from "./route";
import type { ServiceContext } from "./services";

export interface Area {
  name: string;
  routes: Route[];
  /** Runs once at start (after replay), e.g. to resume unfinished template processing. */
  onStart?(svc: ServiceContext): void;
  /** Control-plane routes of the area (mounted under /_local/, no auth), e.g. UI stand-ins. */
  controlRoutes?(svc: ServiceContext): ControlRoute[];
}
