/**
 * @module service/control/pipeline
 * A control-plane call: the door (loopback, guard.ts), the route (its own 404 / 405), the JSON
 * body, the route's zod schemas, the handler, the commit. No auth and no rate limit: the
 * door is the protection.
 */
import type { IncomingMessage } from "node:http";
import { parseBody, readBody } from "../http/body";
import { ApiError } from "../http/errors";
import { searchPairs, unflatten } from "../http/form";
import type { Router } from "../http/router";
import { errorReply } from "../http/writer";
import { isLoopbackAddress } from "../http/loopback";
import type { ControlRoute, Reply, ServiceContext } from "../kernel";
import { checkControlRequest } from "./guard";
import { parseControlPart } from "./parse";

export async function runControlCall(req: IncomingMessage, path: string, query: string, svc: ServiceContext, router: Router<ControlRoute>): Promise<Reply> {
  const { options, store } = svc;
  try {
    if (!options.controlFromAnywhere && !isLoopbackAddress(req.socket.remoteAddress)) {
      throw new ApiError(403, "forbidden", "The control plane is only available from loopback");
    }
    checkControlRequest(req, { fromAnywhere: options.controlFromAnywhere });
    const method = (req.method ?? "GET").toUpperCase();
    const match = router.match(method, path);
    if (match.kind === "not_found") throw new ApiError(404, "not_found", `No such control endpoint: ${method} /_local${path}`);
    if (match.kind === "method_not_allowed") throw new ApiError(405, "method_not_allowed", `${method} not allowed; use ${match.allowed.join(", ")}`);
    const { route } = match;
    const parsed = parseBody(req.headers["content-type"], await readBody(req, options.maxBodyBytes));
    const rawQuery = unflatten(searchPairs(query));
    const result = await route.handler({
      params: match.params,
      query: route.query ? parseControlPart(route.query, rawQuery) : rawQuery,
      body: route.body ? parseControlPart(route.body, parsed.body) : parsed.body,
    });
    store.commit();
    return result;
  } catch (e) {
    store.commit();
    return errorReply(e);
  }
}
