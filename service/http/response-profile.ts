/**
 * @module service/http/response-profile
 * The "sparse" response profile: answers with the fields the real service has been seen to
 * leave out or send as null (real-service-evidence.md §9 finding 5, S21: the description
 * marked these fields required and reverted it within a week, making an app's `options`
 * nullable; §2 and §4: an API app fixture without `options` or `white_labeling_options`,
 * signer roles with `order: null`). A client must not read such an answer as a change
 * (D129). The default profile, "complete", answers every field the description lists.
 * And the "recorded-2021" dialect's forms of an API app (S2 create_api_app.yaml, S1
 * testGetApiApp.json: `domain`, and white labeling options as a JSON string; D76): handlers
 * answer the description's forms, typed by the contract, and these rewrite them on the wire.
 */
import type { Reply } from "../kernel";
import type { ResponseDialect, ResponseProfile } from "../options";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** An API app without white labeling options, and with `options: null`. */
function sparseApiApp(app: Json): Json {
  const { white_labeling_options: _left, ...rest } = app;
  return { ...rest, options: null };
}

/** A team without `invited_emails`. */
function sparseTeam(team: Json): Json {
  const { invited_emails: _left, ...rest } = team;
  return rest;
}

/** A template whose signer roles carry `order: null`, and without `updated_at` (S2 get_template_valid.yaml). */
function sparseTemplate(template: Json): Json {
  const { updated_at: _left, ...rest } = template;
  if (!Array.isArray(rest.signer_roles)) return rest;
  return { ...rest, signer_roles: rest.signer_roles.map((r: unknown) => (isObject(r) ? { ...r, order: null } : r)) };
}

/** The answer's top-level key -> how one object under it is thinned (lists: each item). */
const SPARSE: Record<string, (o: Json) => Json> = {
  api_app: sparseApiApp,
  api_apps: sparseApiApp,
  team: sparseTeam,
  template: sparseTemplate,
  templates: sparseTemplate,
};

/** An API app as recorded in 2021: `domain` in the place of `domains`, white labeling options as JSON text. */
function recordedApiApp(app: Json): Json {
  const recorded = (k: string, v: unknown): [string, unknown] => (k === "domains" ? ["domain", v] : k === "white_labeling_options" && v ? [k, JSON.stringify(v)] : [k, v]);
  return Object.fromEntries(Object.entries(app).map(([k, v]) => recorded(k, v)));
}

const RECORDED_2021: Record<string, (o: Json) => Json> = { api_app: recordedApiApp, api_apps: recordedApiApp };

/** The reply in the service's response dialect and profile (a new body; the stored objects are untouched). */
export function answered(reply: Reply, dialect: ResponseDialect, profile: ResponseProfile): Reply {
  const inDialect = dialect === "recorded-2021" ? reshaped(reply, RECORDED_2021) : reply;
  return profile === "sparse" ? reshaped(inDialect, SPARSE) : inDialect;
}

/** Each object under a key of `table` (lists: each item) reshaped by its function. */
function reshaped(reply: Reply, table: Record<string, (o: Json) => Json>): Reply {
  if (!isObject(reply.body)) return reply;
  const body: Json = { ...reply.body };
  for (const [key, thin] of Object.entries(table)) {
    const value = body[key];
    if (Array.isArray(value)) body[key] = value.map((v) => (isObject(v) ? thin(v) : v));
    else if (isObject(value)) body[key] = thin(value);
  }
  return { ...reply, body };
}
