/**
 * @module service/areas/api-apps
 * API apps: create (201), get, list, update (only sent fields change; "" clears an optional
 * field), delete (204). Only the owner may update or delete (403); accounts that cannot see
 * an app get 404. white_labeling_options and custom_logo_file need a plan that has them (403).
 */
import type { Account } from "../../accounts/types";
import { forbidden, notFound } from "../../http/errors";
import { newClientId, newSecret } from "../../http/ids";
import { paginate } from "../../http/pagination";
import { route } from "../../http/route";
import type { Area, RequestContext } from "../../kernel";
import { apiAppControlRoutes } from "./control";
import type { BodyOf, FileUpload } from "../../../contract";
import { apiApps, apiAppView, canSee, type ApiAppRecord } from "./model";
import { mergeWhiteLabeling } from "./white-labeling";

/** The plan-gated fields of a create or update body. */
type PlanGated = Pick<BodyOf<"api_app.create"> | BodyOf<"api_app.update">, "white_labeling_options" | "custom_logo_file">;

function checkPlan(ctx: RequestContext, body: PlanGated): void {
  const caps = ctx.accounts.capabilities(ctx.account);
  if (body.white_labeling_options !== undefined && !caps.white_labeling) {
    throw forbidden(`white_labeling_options is not available on the ${ctx.account.plan} plan`, "white_labeling_options");
  }
  if (body.custom_logo_file !== undefined && !caps.custom_logo) {
    throw forbidden(`custom_logo_file is not available on the ${ctx.account.plan} plan`, "custom_logo_file");
  }
}

function logo(file: FileUpload): ApiAppRecord["custom_logo"] {
  return { filename: file.filename, content_type: file.contentType ?? "application/octet-stream", size: file.content.length };
}

/** The app when the caller can see it, else 404. */
function visibleApp(ctx: RequestContext, client_id: string): ApiAppRecord {
  const app = apiApps(ctx.store).get(client_id);
  if (!app || !canSee(ctx.store, app, ctx.account, ctx.accounts)) throw notFound(`API app ${client_id} not found`, "client_id");
  return app;
}

function ownedApp(ctx: RequestContext, client_id: string): ApiAppRecord {
  const app = visibleApp(ctx, client_id);
  if (app.owner_account_id !== ctx.account.account_id) throw forbidden("Only the owner of the API app may change it");
  return app;
}

const view = (ctx: RequestContext, app: ApiAppRecord, caller: Account = ctx.account) => apiAppView(app, caller, ctx.accounts);

export const area: Area = {
  name: "api_app",
  routes: [
    route("api_app.create", (ctx) => {
      const { body } = ctx;
      checkPlan(ctx, body);
      const app: ApiAppRecord = {
        client_id: newClientId(),
        name: body.name!,
        domains: body.domains ?? [],
        callback_url: body.callback_url || null,
        created_at: ctx.clock.now(),
        is_approved: false,
        oauth: body.oauth?.callback_url ? { callback_url: body.oauth.callback_url, scopes: body.oauth.scopes ?? [], secret: newSecret() } : null,
        options: body.options ?? {},
        owner_account_id: ctx.account.account_id,
        white_labeling_options: body.white_labeling_options ? mergeWhiteLabeling(null, body.white_labeling_options) : null,
        custom_logo: body.custom_logo_file ? logo(body.custom_logo_file) : null,
      };
      apiApps(ctx.store).put(app.client_id, app);
      return ctx.reply.json("api_app", view(ctx, app), { status: 201 });
    }),

    route("api_app.get", (ctx) => ctx.reply.json("api_app", view(ctx, visibleApp(ctx, ctx.params.client_id)))),

    route("api_app.list", (ctx) => {
      // Newest first, as recorded (S1 testGetApiApps.json, S5 api_apps.json).
      const visible = apiApps(ctx.store).filterNewestFirst((a) => canSee(ctx.store, a, ctx.account, ctx.accounts));
      const page = paginate(visible, ctx.query);
      return ctx.reply.list(
        "api_apps",
        page.items.map((a) => view(ctx, a)),
        page.list_info,
      );
    }),

    route("api_app.update", (ctx) => {
      const app = ownedApp(ctx, ctx.params.client_id);
      const { body } = ctx;
      checkPlan(ctx, body);
      if (body.name !== undefined) app.name = body.name;
      if (body.domains !== undefined) app.domains = body.domains;
      if (body.callback_url !== undefined) app.callback_url = body.callback_url === "" ? null : body.callback_url;
      if (body.oauth !== undefined) {
        // {} or "" (no callback_url and no scopes) removes the OAuth settings.
        const oauth = body.oauth === "" ? {} : body.oauth;
        app.oauth = oauth.callback_url ? { callback_url: oauth.callback_url, scopes: oauth.scopes ?? [], secret: app.oauth?.secret ?? newSecret() } : null;
      }
      if (body.options !== undefined) app.options = { ...app.options, ...body.options };
      if (body.white_labeling_options !== undefined) {
        // "" changes nothing here (as before the handler was typed): merging no keys.
        app.white_labeling_options = mergeWhiteLabeling(app.white_labeling_options, body.white_labeling_options === "" ? {} : body.white_labeling_options);
      }
      if (body.custom_logo_file !== undefined) app.custom_logo = logo(body.custom_logo_file);
      apiApps(ctx.store).put(app.client_id, app);
      return ctx.reply.json("api_app", view(ctx, app));
    }),

    route("api_app.delete", (ctx) => {
      const app = ownedApp(ctx, ctx.params.client_id);
      apiApps(ctx.store).delete(app.client_id);
      return ctx.reply.empty(204);
    }),
  ],
  controlRoutes: apiAppControlRoutes,
};
