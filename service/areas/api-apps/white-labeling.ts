/**
 * @module service/areas/api-apps/white-labeling
 * white_labeling_options as the service keeps them: only the keys that were set (the
 * recordings, S1 2017 and S2 2021, and the description's example answer only the keys sent),
 * merged key by key on update, emptied by reset_to_default. The defaults are what a key nobody
 * set looks like on the signer page; they take part in the contrast check and are never answered.
 * They are the description's SubWhiteLabelingOptions, except where the current premium-branding
 * reference says otherwise (official docs, evidence section 9, finding 10): the secondary button's
 * text is `#00B3E6`, and an unset hover colour inherits from its active state (the hover keys have
 * no default of their own). That page's `header_background_color_light` is fixed at `#F7F8F9`: it is
 * not a parameter, so sending it is refused like any unknown one (service/http/unknown-fields.ts).
 */
import { contrastRatio, WHITE_LABELING_MIN_CONTRAST_RATIO } from "../../../contract";
import { badRequest } from "../../http/errors";

export const WHITE_LABELING_DEFAULTS: Readonly<Record<string, string>> = {
  header_background_color: "#1a1a1a",
  legal_version: "terms1",
  link_color: "#0061FE",
  page_background_color: "#f7f8f9",
  primary_button_color: "#0061FE",
  primary_button_text_color: "#ffffff",
  secondary_button_color: "#ffffff",
  secondary_button_text_color: "#00B3E6",
  text_color1: "#808080",
  text_color2: "#ffffff",
};

/** Each hover colour and the active colour it inherits when unset. */
const HOVER_OF: Readonly<Record<string, string>> = {
  primary_button_color_hover: "primary_button_color",
  primary_button_text_color_hover: "primary_button_text_color",
  secondary_button_color_hover: "secondary_button_color",
  secondary_button_text_color_hover: "secondary_button_text_color",
};

/** The colours the signer page shows: the keys set, the defaults, and each unset hover as its active state. */
function effectiveWhiteLabeling(options: Record<string, unknown> | null): Record<string, unknown> {
  const effective: Record<string, unknown> = { ...WHITE_LABELING_DEFAULTS, ...options };
  for (const [hover, active] of Object.entries(HOVER_OF)) if (effective[hover] === undefined) effective[hover] = effective[active];
  return effective;
}

/**
 * The (text, background) pairs held to the minimum contrast, in the order errors are listed.
 * The recording names the primary pairs (S1 testUpdateApiAppInvalid.json); the secondary
 * buttons are the same kind of element (our guess). Text colours on page and header
 * backgrounds are not checked: nothing shows the service checking them.
 */
const CONTRAST_PAIRS: readonly (readonly [text: string, background: string])[] = [
  ["primary_button_text_color", "primary_button_color"],
  ["primary_button_text_color_hover", "primary_button_color_hover"],
  ["secondary_button_text_color", "secondary_button_color"],
  ["secondary_button_text_color_hover", "secondary_button_color_hover"],
];

/** The options after `input` (the keys set so far, or none); null when no key is set. */
export function mergeWhiteLabeling(previous: Record<string, unknown> | null, input: Record<string, unknown>): Record<string, unknown> | null {
  const { reset_to_default, ...rest } = input;
  const base: Record<string, unknown> = reset_to_default === true || !previous ? {} : { ...previous };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) base[k] = v;
  return Object.keys(base).length ? base : null;
}

/**
 * 400 bad_request when a button's text is too close to its background, with the service's
 * error_msg: a JSON array of {error_type, element_name} (S1; S9 "less than minimum 2.1").
 */
export function assertContrast(options: Record<string, unknown> | null): void {
  const effective = effectiveWhiteLabeling(options);
  const failures = CONTRAST_PAIRS.filter(([text, background]) => contrastRatio(String(effective[text]), String(effective[background])) < WHITE_LABELING_MIN_CONTRAST_RATIO).map(
    ([text, background]) => ({ error_type: "invalid_contrast_ratio", element_name: `${text} and ${background}` }),
  );
  if (failures.length) throw badRequest(JSON.stringify(failures), "white_labeling_options");
}
