/**
 * Command-line flags derived from a zod object of knobs (the local service's options, each
 * command's flags): each key
 * is a flag in kebab case (`rateLimitModel` -> `--rate-limit-model`), a nested object's keys
 * are flags of their own (`quotas.templates_left` -> `--templates-left`), and `meta({ flag })`
 * renames one (`no-fax`: a boolean whose flag turns it off) or leaves it out (false). The
 * values the parser read are checked by the same schema, so a flag and its option share a rule.
 */
import { z } from "zod";
import { innerOf, metaOf } from "../schema/from-zod";
import { Args, UsageError, type OptionSpec } from "./command";
import { isRecord } from "../core/compare";

interface Flag {
  name: string;
  /** Where the value goes in the options object. */
  path: string[];
  schema: z.core.$ZodType;
  /** A boolean whose flag turns it off (`fax` as `--no-fax`). */
  negates: boolean;
}

const kebab = (key: string) => key.replace(/_/g, "-").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Shape = Readonly<Record<string, z.core.$ZodType>>;

function flagsOf(shape: Shape, prefix: string[] = []): Flag[] {
  return Object.entries(shape).flatMap(([key, field]) => {
    const { flag } = metaOf(field);
    if (flag === false) return [];
    const inner = innerOf(field);
    if (inner instanceof z.ZodObject) return flagsOf(inner.shape, [...prefix, key]);
    const name = flag ?? kebab(key);
    return [{ name, path: [...prefix, key], schema: field, negates: name !== kebab(key) && name === `no-${kebab(key)}` }];
  });
}

function valueName(inner: z.core.$ZodType, given?: string): string | undefined {
  if (inner instanceof z.ZodBoolean) return undefined;
  if (given) return given;
  return inner instanceof z.ZodEnum ? inner.options.map(String).join("|") : "VALUE";
}

/** The default a help line states: the command's own, the meta's text, else the schema's default. */
function defaultOf(field: z.core.$ZodType, own: unknown, defaultText?: string): string | undefined {
  const value: unknown = own ?? defaultText ?? (field instanceof z.ZodDefault ? field.def.defaultValue : undefined);
  return value === undefined || typeof value === "boolean" ? undefined : typeof value === "string" ? value : JSON.stringify(value);
}

/** The parser's option table for `shape`'s flags, with their help lines; `defaults`: the command's own defaults by key. */
export function flagOptions(shape: Shape, defaults: Record<string, unknown> = {}): Record<string, OptionSpec> {
  return Object.fromEntries(
    flagsOf(shape).map(({ name, path, schema, negates }) => {
      const { description = "", value, defaultText, short } = metaOf(schema);
      const inner = innerOf(schema);
      const fallback = defaultOf(schema, path.length === 1 ? defaults[path[0]] : undefined, defaultText);
      const spec: OptionSpec = {
        type: inner instanceof z.ZodBoolean ? "boolean" : "string",
        description: `${negates ? "turns off: " : ""}${description}${fallback ? ` (default ${fallback})` : ""}`,
      };
      if (short) spec.short = short;
      const shown = valueName(inner, value);
      if (shown) spec.value = shown;
      return [name, spec];
    }),
  );
}

/** The text of a flag as its option's type: a number for a number, a boolean flag's presence. */
function valueOf(flag: Flag, args: Args): unknown {
  const inner = innerOf(flag.schema);
  if (inner instanceof z.ZodBoolean) return !flag.negates;
  const text = args.string(flag.name) ?? "";
  return inner instanceof z.ZodNumber && /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
}

function ruleOf(flag: Flag, got: unknown): string {
  const inner = innerOf(flag.schema);
  if (inner instanceof z.ZodEnum) return `--${flag.name} must be one of ${inner.options.map(String).join(", ")}, got ${JSON.stringify(got)}`;
  if (inner instanceof z.ZodNumber) return `--${flag.name} needs a non-negative integer, got ${JSON.stringify(got)}`;
  return `--${flag.name} is not valid: ${JSON.stringify(got)}`;
}

/** `value` at `path` in `into`, making the objects on the way (a nested option's flag). */
function setAt(into: Record<string, unknown>, [key, ...rest]: string[], value: unknown): void {
  if (rest.length === 0) {
    into[key] = value;
    return;
  }
  const child = isRecord(into[key]) ? into[key] : {};
  into[key] = child;
  setAt(child, rest, value);
}

/**
 * The options `args` set over `defaults` (the command's own), with the schema's defaults for
 * the rest; a bad value is a UsageError naming the flag and the rule.
 */
export function optionsFromFlags<T extends z.ZodObject>(schema: T, args: Args, defaults: Record<string, unknown> = {}): z.output<T> {
  const given: Record<string, unknown> = { ...defaults };
  for (const flag of flagsOf(schema.shape)) {
    if (!args.has(flag.name)) continue;
    const value = valueOf(flag, args);
    if (!z.safeParse(flag.schema, value).success) throw new UsageError(ruleOf(flag, value));
    setAt(given, flag.path, value);
  }
  const parsed = schema.safeParse(given);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0].message);
  return parsed.data;
}
