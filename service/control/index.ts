/**
 * @module service/control
 * The control plane under /_local/ (no auth, loopback only, JSON): accounts and their keys,
 * reset, state dump, outbox, callback events, request log, fault rules, OAuth tokens; and the
 * routes each area contributes through Area.controlRoutes (out-of-band edits that stand in for
 * a person using the web UI), each registered once, by the area that owns the data.
 */
import { ok, type ControlRoute } from "../kernel";
import { accountRoutes } from "./accounts";
import { apiKeyRoutes } from "./api-keys";
import { faultRoutes } from "./faults";
import { inspectRoutes } from "./inspect";
import type { ControlPlane } from "./plane";

export type { ControlPlane } from "./plane";
export { runControlCall } from "./pipeline";

export function controlRoutes(plane: ControlPlane): ControlRoute[] {
  const { svc } = plane;
  const routes: ControlRoute[] = [...accountRoutes(svc), ...apiKeyRoutes(svc), ...inspectRoutes(plane), ...faultRoutes(plane), ...plane.areas.flatMap((a) => a.controlRoutes?.(svc) ?? [])];
  const index: ControlRoute = {
    method: "GET",
    path: "/",
    summary: "This list of control routes",
    handler: () => ok({ routes: [index, ...routes].map((r) => ({ method: r.method, path: `/_local${r.path}`, summary: r.summary })) }),
  };
  return [index, ...routes];
}
