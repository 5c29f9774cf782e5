/**
 * @module service/http/response-profile
 * The "sparse" response profile: answers with the fields the real service has been seen to
 * leave out or send as null (real-service-evidence.md §9 finding 5, S21: the description
 * marked these fields required and reverted it within a week, making an app's `options`
 * nullable; §2 and §4: an API app fixture without `options` or `white_labeling_options`,
 * signer roles with `order: null`). A client must not read such an answer as a change
 * (D129). The default profile, "complete", answers every field the description lists.
 */
import type { Reply } from "../kernel";
import type { ResponseProfile } from "../options";

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

/** The reply as the profile answers it (a new body; the stored objects are untouched). */
export function profiled(reply: Reply, profile: ResponseProfile): Reply {
  if (profile !== "sparse" || !isObject(reply.body)) return reply;
  const body: Json = { ...reply.body };
  for (const [key, thin] of Object.entries(SPARSE)) {
    const value = body[key];
    if (Array.isArray(value)) body[key] = value.map((v) => (isObject(v) ? thin(v) : v));
    else if (isObject(value)) body[key] = thin(value);
  }
  return { ...reply, body };
}
