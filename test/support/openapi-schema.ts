/**
 * OpenAPI 3.0 schemas -> JSON Schema (draft-07) for ajv. Only what the official description
 * uses needs converting:
 * - `nullable: true` becomes a "null" type (or an anyOf with null when there is no type);
 * - a `discriminator` mapping becomes one if/then per value, so a field is checked against the
 *   subclass the official SDK would pick, not just the base class. The base keeps its plain
 *   form as `<Name>__base`, which the subclasses' `allOf` then point at (else base -> subclass
 *   -> base would never end);
 * - keywords JSON Schema lacks (`example`, `xml`, `x-...`) are left for ajv to ignore (strict: false).
 */

type Schema = Record<string, unknown>;

const SCHEMA_MAPS = ["properties", "patternProperties", "definitions"] as const;
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"] as const;
const SCHEMA_ONE = ["items", "additionalProperties", "not"] as const;

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** One schema converted (children included); refs are left as they are. */
export function convertSchema(input: unknown): unknown {
  if (!isObject(input)) return input;
  const out: Schema = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === "nullable" || key === "discriminator") continue;
    if ((SCHEMA_MAPS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, convertSchema(s)]));
    } else if ((SCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map(convertSchema);
    } else if ((SCHEMA_ONE as readonly string[]).includes(key)) {
      out[key] = convertSchema(value);
    } else out[key] = value;
  }
  if (input.nullable !== true) return out;
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}

interface Discriminator {
  propertyName: string;
  mapping?: Record<string, string>;
}

/** Every component schema converted, discriminators turned into if/then dispatch. */
export function convertComponents(schemas: Record<string, unknown>, refPrefix = "#/components/schemas/"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas)) out[name] = convertSchema(schema);
  for (const [name, schema] of Object.entries(schemas)) {
    const discriminator = isObject(schema) ? (schema.discriminator as Discriminator | undefined) : undefined;
    if (!discriminator?.mapping) continue;
    const baseName = `${name}__base`;
    out[baseName] = out[name];
    const pointsAtBase = (s: unknown) => isObject(s) && s.$ref === `${refPrefix}${name}`;
    for (const target of Object.values(discriminator.mapping)) {
      const sub = out[target.slice(refPrefix.length)];
      if (isObject(sub) && Array.isArray(sub.allOf)) {
        sub.allOf = sub.allOf.map((s) => (pointsAtBase(s) ? { $ref: `${refPrefix}${baseName}` } : s));
      }
    }
    const property = discriminator.propertyName;
    out[name] = {
      allOf: [
        { $ref: `${refPrefix}${baseName}` },
        ...Object.entries(discriminator.mapping).map(([value, target]) => ({
          if: { properties: { [property]: { const: value } }, required: [property] },
          then: { $ref: target },
        })),
      ],
    };
  }
  return out;
}
