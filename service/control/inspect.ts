/**
 * @module service/control/inspect
 * What tests look at and wipe: the stored state, the outbox, callback events, the request
 * log, and a reset that forgets all of it but the start account.
 */
import { z } from "zod";
import { defaultQuotas } from "../accounts/plans";
import { controlRoute, ok, type ControlRoute } from "../kernel";
import { numeric } from "./fields";
import type { ControlPlane } from "./plane";

const outboxQuery = z.object({ to: z.string().optional(), kind: z.string().optional() });
const eventsQuery = z.object({ event_type: z.string().optional(), account_id: z.string().optional() });
const requestsQuery = z.object({ account_id: z.string().optional(), since: numeric.optional() });

export function inspectRoutes(plane: ControlPlane): ControlRoute[] {
  const { svc, outbox, events, requestLog } = plane;
  return [
    {
      method: "POST",
      path: "/reset",
      summary: "Forget all state (the start account is kept, fresh)",
      handler: () => {
        const start = plane.startAccount;
        svc.store.reset();
        svc.accounts.save({ ...start, team_id: null, callback_url: null, quotas: { ...defaultQuotas(start.plan), ...svc.options.quotas } });
        outbox.clear();
        events.clear();
        requestLog.clear();
        plane.faults.clear();
        plane.rateLimiter.reset();
        return ok({ reset: true });
      },
    },
    { method: "GET", path: "/state", summary: "Dump of every table", handler: () => ok(svc.store.dump()) },
    controlRoute({
      method: "GET",
      path: "/outbox",
      summary: "E-mails sent (?to=&kind=)",
      query: outboxQuery,
      handler: ({ query }) => ok({ emails: outbox.list(query) }),
    }),
    { method: "DELETE", path: "/outbox", summary: "Empty the outbox", handler: () => (outbox.clear(), ok({ cleared: true })) },
    controlRoute({
      method: "GET",
      path: "/events",
      summary: "Callback events with delivery attempts and receiver answers (?event_type=&account_id=)",
      query: eventsQuery,
      handler: ({ query: { event_type, account_id } }) => ok({ events: events.list().filter((e) => (!event_type || e.event_type === event_type) && (!account_id || e.account_id === account_id)) }),
    }),
    { method: "DELETE", path: "/events", summary: "Forget recorded events", handler: () => (events.clear(), ok({ cleared: true })) },
    controlRoute({
      method: "GET",
      path: "/requests",
      summary: "Request log (?account_id=&since=<seq>)",
      query: requestsQuery,
      handler: ({ query }) => ok({ requests: requestLog.query(query), last_seq: requestLog.lastSeq }),
    }),
    { method: "DELETE", path: "/requests", summary: "Clear the request log", handler: () => (requestLog.clear(), ok({ cleared: true })) },
  ];
}
