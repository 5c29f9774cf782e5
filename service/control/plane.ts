/**
 * @module service/control/plane
 * What the control plane needs from the running service: the shared services, the start
 * account and the parts it can inspect or wipe. The app satisfies this interface; the control
 * plane never sees the app itself (no circle app <-> control).
 */
import type { Account } from "../accounts/types";
import type { EventDispatcher } from "../events/dispatcher";
import type { MemoryOutbox } from "../events/outbox";
import type { Faults } from "../http/faults";
import type { RateLimiter } from "../http/rate-limit";
import type { RequestLog } from "../http/request-log";
import type { Area, ServiceContext } from "../kernel";

export interface ControlPlane {
  svc: ServiceContext;
  /** The account the service started with; reset keeps it. */
  startAccount: Account;
  outbox: Pick<MemoryOutbox, "list" | "clear">;
  events: Pick<EventDispatcher, "list" | "clear">;
  requestLog: Pick<RequestLog, "query" | "clear" | "lastSeq">;
  faults: Pick<Faults, "add" | "list" | "clear">;
  rateLimiter: Pick<RateLimiter, "reset">;
  /** Areas contribute their own control routes (Area.controlRoutes). */
  areas: readonly Pick<Area, "controlRoutes">[];
}
