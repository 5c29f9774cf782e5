/**
 * The shape of a JSON value, values left out: its types (a key seen as a string in one item
 * and null in another has both), an object's keys with their shapes, an array's items merged
 * into one shape. Two answers agree when their shapes do.
 */
export interface Shape {
  types: Set<string>;
  keys?: Map<string, Shape>;
  items?: Shape;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

export function shapeOf(value: unknown): Shape {
  const shape: Shape = { types: new Set([typeOf(value)]) };
  if (Array.isArray(value)) {
    for (const item of value) shape.items = shape.items ? merge(shape.items, shapeOf(item)) : shapeOf(item);
  } else if (value && typeof value === "object") {
    shape.keys = new Map(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  }
  return shape;
}

function merge(a: Shape, b: Shape): Shape {
  const out: Shape = { types: new Set([...a.types, ...b.types]) };
  if (a.keys || b.keys) {
    out.keys = new Map(a.keys);
    for (const [key, shape] of b.keys ?? []) out.keys.set(key, out.keys.has(key) ? merge(out.keys.get(key)!, shape) : shape);
  }
  if (a.items || b.items) out.items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
  return out;
}

const show = (types: Set<string>) => [...types].sort().join("|");

/** Every place where the emulator's shape differs from the recorded one, one line each. */
export function shapeDifferences(recorded: Shape, emulator: Shape, at = "$"): string[] {
  const out: string[] = [];
  if (show(recorded.types) !== show(emulator.types)) out.push(`${at}: recorded ${show(recorded.types)}, emulator ${show(emulator.types)}`);
  if (recorded.keys && emulator.keys) {
    for (const [key, shape] of recorded.keys) {
      const other = emulator.keys.get(key);
      if (!other) out.push(`${at}.${key}: missing from the emulator's answer (recorded ${show(shape.types)})`);
      else out.push(...shapeDifferences(shape, other, `${at}.${key}`));
    }
    for (const [key, shape] of emulator.keys) if (!recorded.keys.has(key)) out.push(`${at}.${key}: only in the emulator's answer (${show(shape.types)})`);
  }
  // An empty list on either side says nothing about its items.
  if (recorded.items && emulator.items) out.push(...shapeDifferences(recorded.items, emulator.items, `${at}[]`));
  return out;
}
