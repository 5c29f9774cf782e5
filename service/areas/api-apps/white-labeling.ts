/**
 * @module service/areas/api-apps/white-labeling
 * The values the real service shows for white_labeling_options keys nobody set
 * (service-api-facts §1). Emulator data, not a validation rule: the keys and their
 * formats are checked by the contract.
 */
export const WHITE_LABELING_DEFAULTS: Readonly<Record<string, string>> = {
  header_background_color: "#1a1a1a",
  legal_version: "terms1",
  link_color: "#0061FE",
  page_background_color: "#f7f8f9",
  primary_button_color: "#0061FE",
  primary_button_color_hover: "#0061FE",
  primary_button_text_color: "#ffffff",
  primary_button_text_color_hover: "#ffffff",
  secondary_button_color: "#ffffff",
  secondary_button_color_hover: "#ffffff",
  secondary_button_text_color: "#0061FE",
  secondary_button_text_color_hover: "#0061FE",
  text_color1: "#808080",
  text_color2: "#ffffff",
};

/** New options = defaults (or the previous options) overlaid with the input; reset_to_default starts over. */
export function mergeWhiteLabeling(previous: Record<string, unknown> | null, input: Record<string, unknown>): Record<string, unknown> {
  const { reset_to_default, ...rest } = input;
  const base = reset_to_default === true || !previous ? { ...WHITE_LABELING_DEFAULTS } : { ...previous };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) base[k] = v;
  return base;
}
