/** Requests of the API app operations (api_app.create / get / list / update / delete). */
import { z } from "zod";
import * as L from "../limits";
import { LEGAL_VERSIONS, OAUTH_SCOPES, WHITE_LABELING_COLOR_KEYS, oneOf } from "../enums";
import { fileUpload, hexColor, hostName, httpUrl, id, pageQuery } from "../primitives";

const colorKeys = Object.fromEntries(WHITE_LABELING_COLOR_KEYS.map((key) => [key, hexColor().optional()])) as Record<
  (typeof WHITE_LABELING_COLOR_KEYS)[number],
  z.ZodOptional<ReturnType<typeof hexColor>>
>;

/** white_labeling_options: hex colours, legal_version terms1|terms2, reset_to_default (update). */
export const whiteLabelingOptionsSchema = z.strictObject(
  {
    ...colorKeys,
    legal_version: oneOf(LEGAL_VERSIONS).optional(),
    reset_to_default: z.boolean().optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown white labeling key(s): ${issue.keys.join(", ")}` : undefined) },
);

/** oauth: callback_url and scopes; each is required once the other is given. */
export const oauthInputSchema = z
  .strictObject({
    callback_url: httpUrl().optional(),
    scopes: z.array(oneOf(OAUTH_SCOPES)).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.callback_url === undefined) !== (value.scopes === undefined)) {
      const missing = value.callback_url === undefined ? "callback_url" : "scopes";
      ctx.addIssue({ code: "custom", path: [missing], message: "callback_url and scopes are required together" });
    }
  });

/** options: the description's SubOptions names one key; the service refuses any other (D126). */
export const apiAppOptionsSchema = z.strictObject(
  { can_insert_everywhere: z.boolean().optional() },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown options key(s): ${issue.keys.join(", ")}` : undefined) },
);

const domains = z.array(hostName()).max(L.API_APP_DOMAINS_MAX, { error: `at most ${L.API_APP_DOMAINS_MAX} items` });
/** The service POSTs events to it, so http(s) only; an empty string clears it on update. */
const callbackUrl = z.union([httpUrl(), z.literal("")], { error: "must be an http or https URL" });

export const apiAppCreateBody = z.object({
  name: z.string().min(1, { error: "must not be empty" }),
  domains: domains.min(L.API_APP_DOMAINS_MIN, { error: `at least ${L.API_APP_DOMAINS_MIN} item` }),
  callback_url: callbackUrl.optional(),
  custom_logo_file: fileUpload().optional(),
  oauth: oauthInputSchema.optional(),
  options: apiAppOptionsSchema.optional(),
  white_labeling_options: whiteLabelingOptionsSchema.optional(),
});

/** On update an empty string clears an optional field (callback_url, oauth, options, white labeling). */
const clearable = <S extends z.ZodType>(schema: S) => z.union([z.literal(""), schema]);

export const apiAppUpdateBody = z.object({
  name: z.string().min(1, { error: "must not be empty" }).optional(),
  domains: domains.optional(),
  callback_url: callbackUrl.optional(),
  custom_logo_file: fileUpload().optional(),
  oauth: clearable(oauthInputSchema).optional(),
  options: clearable(apiAppOptionsSchema).optional(),
  white_labeling_options: clearable(whiteLabelingOptionsSchema).optional(),
});

export const clientIdParams = z.object({ client_id: id() });
export const apiAppListQuery = z.object({ ...pageQuery });
