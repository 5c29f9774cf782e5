/**
 * @module service/areas/api-apps/control
 * Out-of-band edits of API apps under /_local/ (what a person could change in the web UI
 * behind the provider's back), for drift tests.
 */
import { z } from "zod";
import { visibilityDelayRoutes } from "../../control/visibility-delay";
import { notFound } from "../../http/errors";
import { newSecret } from "../../http/ids";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../../kernel";
import { apiApps } from "./model";

/** Fields of the stored API app a UI edit may change, with the shape each must keep; others are ignored. */
const appEdit = z
  .object({
    name: z.string(),
    callback_url: z.string().nullable(),
    domains: z.array(z.string()),
    is_approved: z.boolean(),
    oauth: z.object({ callback_url: z.string(), scopes: z.array(z.string()) }).nullable(),
    options: z.record(z.string(), z.unknown()),
    white_labeling_options: z.record(z.string(), z.unknown()).nullable(),
  })
  .partial();

export function apiAppControlRoutes(svc: ServiceContext): ControlRoute[] {
  const { store } = svc;
  return [
    controlRoute({
      method: "PATCH",
      path: "/api_apps/{client_id}",
      summary: `Edit an API app (${Object.keys(appEdit.shape).join(", ")})`,
      body: appEdit,
      handler: ({ params, body }) => {
        const app = apiApps(store).get(params.client_id);
        if (!app) throw notFound("API app not found");
        const secret = app.oauth?.secret;
        Object.assign(app, body);
        // OAuth settings edited in the UI keep their secret (or get one).
        if (app.oauth) app.oauth = { callback_url: app.oauth.callback_url, scopes: app.oauth.scopes, secret: secret ?? newSecret() };
        apiApps(store).put(app.client_id, app);
        return ok({ api_app: app });
      },
    }),
    {
      method: "DELETE",
      path: "/api_apps/{client_id}",
      summary: "Delete an API app",
      handler: ({ params }) => {
        if (!apiApps(store).delete(params.client_id)) throw notFound("API app not found");
        return ok({ deleted: true });
      },
    },
    ...visibilityDelayRoutes(svc, "api_app", "apiAppVisibilityDelayMs", "a new API app"),
  ];
}
