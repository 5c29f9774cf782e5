/** Ids of two parts (`<parent>/<person>`), for import: the properties a read needs, from the id alone. */
import type { Props } from "./resource";

/** The id's two parts; fails in one line naming the format when it has not two. */
export function idPair(kind: string, id: string, format: string): [string, string] {
  const at = id.indexOf("/");
  if (at <= 0 || at === id.length - 1) throw new Error(`${kind} import: the id must be ${format}, got ${JSON.stringify(id)}`);
  return [id.slice(0, at), id.slice(at + 1)];
}

/** An id of two parts, as `idPair` reads it: `<parent>/<person>`. */
export const pairId = (parent: string, person: string): string => `${parent}/${person}`;

/** A person part: an e-mail address or an account id. */
export const personOf = (value: string): Props => (value.includes("@") ? { emailAddress: value } : { accountId: value });
