/**
 * @module service/areas/api-apps
 * API apps: create (201), get, list, update (only sent fields change; "" clears an optional
 * field), delete (204). Only the owner may update or delete (403); accounts that cannot see
 * an app get 404. An owner's app names are unique (400, S3). white_labeling_options and
 * custom_logo_file on a plan without them are kept, with the test_mode_only warning (S2
 * create_api_app.yaml; S12: white labeling works in test mode only then).
 */
import type { Account } from "../../accounts/types";
import { hiddenUntil, isVisible } from "../../control/visibility-delay";
import { badRequest, forbidden } from "../../http/errors";
import { newClientId, newSecret } from "../../http/ids";
import { paginate } from "../../http/pagination";
import { route } from "../../http/route";
import { annotate, type Area, type RequestContext } from "../../kernel";
import { apiAppControlRoutes } from "./control";
import type { BodyOf, FileUpload, Warning } from "../../../contract";
import { apiApps, apiAppView, appDoesNotExist, canSee, sameNameApp, type ApiAppRecord } from "./model";
import { assertContrast, mergeWhiteLabeling } from "./white-labeling";

/** The plan-gated fields of a create or update body. */
type PlanGated = Pick<BodyOf<"api_app.create"> | BodyOf<"api_app.update">, "white_labeling_options" | "custom_logo_file">;

/** The recorded warning (S2 create_api_app.yaml, 2021). */
const TEST_MODE_ONLY: Warning = {
  warning_msg: "White labeling will be active in test mode only. Upgrade your account to use in production.",
  warning_name: "test_mode_only",
};

/** Branding on a plan without it is accepted for test mode, with one warning (for either field: our guess for the logo alone). */
function planWarnings(ctx: RequestContext, body: PlanGated): Warning[] {
  const caps = ctx.accounts.capabilities(ctx.account);
  const wl = body.white_labeling_options !== undefined && body.white_labeling_options !== "" && !caps.white_labeling;
  const logoed = body.custom_logo_file !== undefined && !caps.custom_logo;
  return wl || logoed ? [TEST_MODE_ONLY] : [];
}

/** "An app with the same name already exists" (S3 ApiAppTest, 2017); 400 is our choice of status (D76). */
function assertUniqueName(ctx: RequestContext, name: string, except?: string): void {
  if (sameNameApp(ctx.store, ctx.account.account_id, name, except)) throw badRequest("An app with the same name already exists", "name");
}

function logo(file: FileUpload): ApiAppRecord["custom_logo"] {
  return { filename: file.filename, content_type: file.contentType ?? "application/octet-stream", size: file.content.length };
}

/** The app when the caller can see it, else 404; `reading`: also 404 while the read-after-create lag hides it (D120). */
function visibleApp(ctx: RequestContext, client_id: string, reading = false): ApiAppRecord {
  const app = apiApps(ctx.store).get(client_id);
  const hidden = !app || !canSee(ctx.store, app, ctx.account, ctx.accounts) || (reading && !isVisible(app, ctx.clock.nowMs()));
  if (hidden) throw appDoesNotExist(client_id);
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
      const warnings = planWarnings(ctx, body);
      assertUniqueName(ctx, body.name);
      const whiteLabeling = body.white_labeling_options ? mergeWhiteLabeling(null, body.white_labeling_options) : null;
      assertContrast(whiteLabeling);
      const app: ApiAppRecord = {
        client_id: newClientId(),
        name: body.name,
        domains: body.domains ?? [],
        callback_url: body.callback_url || null,
        created_at: ctx.clock.now(),
        is_approved: false,
        oauth: body.oauth?.callback_url ? { callback_url: body.oauth.callback_url, scopes: body.oauth.scopes ?? [], secret: newSecret() } : null,
        options: body.options ?? {},
        owner_account_id: ctx.account.account_id,
        white_labeling_options: whiteLabeling,
        custom_logo: body.custom_logo_file ? logo(body.custom_logo_file) : null,
      };
      const hidden = hiddenUntil(ctx.options, "apiAppVisibilityDelayMs", ctx.clock.nowMs());
      if (hidden !== undefined) app.visible_at_ms = hidden;
      apiApps(ctx.store).put(app.client_id, app);
      return annotate(view(ctx, app), { warnings });
    }),

    route("api_app.get", (ctx) => view(ctx, visibleApp(ctx, ctx.params.client_id, true))),

    route("api_app.list", (ctx) => {
      // Newest first, as recorded (S1 testGetApiApps.json, S5 api_apps.json).
      const now = ctx.clock.nowMs();
      const visible = apiApps(ctx.store).filterNewestFirst((a) => canSee(ctx.store, a, ctx.account, ctx.accounts) && isVisible(a, now));
      const page = paginate(visible, ctx.query);
      return { items: page.items.map((a) => view(ctx, a)), list_info: page.list_info };
    }),

    route("api_app.update", (ctx) => {
      const app = ownedApp(ctx, ctx.params.client_id);
      const { body } = ctx;
      const warnings = planWarnings(ctx, body);
      if (body.name !== undefined) {
        assertUniqueName(ctx, body.name, app.client_id);
        app.name = body.name;
      }
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
        assertContrast(app.white_labeling_options);
      }
      if (body.custom_logo_file !== undefined) app.custom_logo = logo(body.custom_logo_file);
      apiApps(ctx.store).put(app.client_id, app);
      return annotate(view(ctx, app), { warnings });
    }),

    route("api_app.delete", (ctx) => {
      const app = ownedApp(ctx, ctx.params.client_id);
      apiApps(ctx.store).delete(app.client_id);
    }),
  ],
  controlRoutes: apiAppControlRoutes,
};
