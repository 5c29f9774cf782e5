/**
 * The package schema (schema.json) built from data: the resources' descriptions
 * (schema/resources/), their `rules` (what replaces, what updates: resources/registry.ts),
 * the provider settings (deployment/settings.ts) and the lookups. `npm run schema`
 * writes it; test/provider/native/schema.test.ts fails when the checked-in file is stale.
 */
import { registry } from "../resources/registry";
import type { PropertyRule } from "../core/diff";
import { SETTINGS, type SettingSpec } from "../deployment/settings";
import { accountComponent } from "./account";
import { resourceDescription } from "./description";
import { lookupSpecs } from "./functions";
import { packageVersion, PLUGIN_DOWNLOAD_URL } from "../native/version";
import { languageSettings } from "./language";
import { resourceSpecs } from "./resources";
import { commonOutputs, resourceProperties } from "./resources/common";
import type { PropSpec, ResourceSpec } from "./spec";
import { typeSpecs } from "./types";

export const PACKAGE = "esign";
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const token = (name: string) => `${PACKAGE}:index:${name}`;

function property(spec: PropSpec, extra = ""): Json {
  const out: Json = {};
  if (spec.ref) out.$ref = spec.ref.startsWith("pulumi.json#") ? spec.ref : `#/types/${token(spec.ref)}`;
  else out.type = spec.type;
  if (spec.items) out.items = property(spec.items);
  if (spec.additionalProperties) out.additionalProperties = property(spec.additionalProperties);
  const description = `${spec.description ?? ""}${extra}`;
  if (description) out.description = description;
  if (spec.secret) out.secret = true;
  return out;
}

/** What a change of the input does, from the resource's rules (and the exception its diff makes). */
function changeNote(rule: PropertyRule | undefined, unless?: string): string {
  const effect =
    rule &&
    {
      replace: "Changing it replaces the object",
      update: "Changing it updates the object in place",
      ignore: "A change of this value alone changes nothing in the service",
    }[rule.change];
  return effect ? ` ${effect}${unless ? `, unless ${unless}` : ""}.` : "";
}

const properties = (props: Record<string, PropSpec>, note: (k: string) => string = () => "") =>
  Object.fromEntries(
    Object.keys(props)
      .sort()
      .map((k) => [k, property(props[k], note(k))]),
  );

function resource(type: string, spec: ResourceSpec): Json {
  const impl = registry[type];
  const note = (k: string) => changeNote(impl.rules[k], spec.inputs[k]?.changeUnless);
  const replacement = impl.deleteBeforeReplace ? " A replacement deletes the old object first (the same person may be on both sides)." : "";
  return {
    description: resourceDescription(type, token(type), spec, replacement),
    properties: properties(resourceProperties(spec), note),
    required: [...spec.requiredOutputs, ...Object.keys(commonOutputs)].sort(),
    inputProperties: properties(spec.inputs, note),
    ...(spec.requiredInputs?.length ? { requiredInputs: [...spec.requiredInputs].sort() } : {}),
  };
}

function settingProperty(s: SettingSpec): Json {
  const base: PropSpec = s.type === "string[]" ? { type: "array", items: { type: "string", description: "" }, description: s.description } : { type: s.type, description: s.description };
  const env = ` Default provider: also read from the ${s.env} environment variable.`;
  return property({ ...base, secret: s.secret }, `${env}${s.default !== undefined ? ` Default: ${s.default}.` : ""}`);
}

function lookup(name: string): Json {
  const spec = lookupSpecs[name];
  const resourceSpec = spec.resource ? resourceSpecs[spec.resource] : undefined;
  const outputs = resourceSpec ? { ...resourceSpec.inputs, ...resourceSpec.outputs } : (spec.outputs ?? {});
  const required = resourceSpec ? resourceSpec.requiredOutputs : (spec.requiredOutputs ?? []);
  return {
    description: spec.description,
    inputs: { properties: properties(spec.inputs), ...(spec.requiredInputs ? { required: spec.requiredInputs } : {}) },
    outputs: { properties: properties(outputs), required: [...required].sort() },
  };
}

/** The names of the properties a lookup returns (lookups.ts returns exactly these). */
export function lookupOutputKeys(name: string): string[] {
  return Object.keys(lookup(name).outputs.properties);
}

/** Where the engine downloads `pulumi-resource-esign-v<version>-<os>-<arch>.tar.gz`: the repository's GitHub releases. */

export function buildSchema(): Json {
  const settings = Object.fromEntries(SETTINGS.map((s) => [s.name, settingProperty(s)]));
  return {
    name: PACKAGE,
    displayName: "esign",
    description: "Infrastructure as code for an electronic-signature account (the Dropbox Sign v3 API): API apps, the team and its members, templates and who may use them, fax lines and their users.",
    keywords: ["pulumi", "esign", "dropbox-sign", "category/utility", "kind/native"],
    homepage: "https://github.com/esign/pulumi-esign",
    // The Pulumi Registry shows it beside the package (docs/assets/logo.svg, served from the default branch).
    logoUrl: "https://raw.githubusercontent.com/esign/pulumi-esign/main/docs/assets/logo.svg",
    repository: "https://github.com/esign/pulumi-esign", // the canonical repository (D56): the SDKs' package metadata
    license: "Apache-2.0",
    publisher: "esign",
    // The engine installs the plugin from the release of this version (D51); the version is package.json's.
    version: packageVersion(),
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    meta: { moduleFormat: "(.*)" },
    language: languageSettings,
    config: { variables: settings },
    provider: {
      description:
        "The esign provider. Each instance acts for the account of its `apiKey`; several instances (`new esign.Provider(...)`) manage several accounts in one program. A change of a setting (the key included) updates the provider; it never replaces the resources it manages.",
      properties: Object.fromEntries(Object.entries(settings).filter(([k]) => k !== "apiKey")),
      inputProperties: settings,
    },
    resources: {
      ...Object.fromEntries(Object.keys(registry).map((type) => [token(type), resource(type, resourceSpecs[type])])),
      [token("Account")]: {
        isComponent: true,
        description: accountComponent.description,
        properties: properties(accountComponent.outputs),
        required: [...accountComponent.requiredOutputs].sort(),
        inputProperties: properties(accountComponent.inputs),
      },
    },
    functions: Object.fromEntries(Object.keys(lookupSpecs).map((name) => [token(name), lookup(name)])),
    types: Object.fromEntries(
      Object.entries(typeSpecs).map(([name, t]) => [
        token(name),
        {
          type: "object",
          description: t.description,
          properties: properties(t.properties),
          ...(t.required ? { required: t.required } : {}),
        },
      ]),
    ),
  };
}

/** schema.json's text: stable key order, two-space indent, final newline. */
export function schemaText(): string {
  return `${JSON.stringify(buildSchema(), null, 2)}\n`;
}
