/**
 * `pulumi import`, the `import` option and `Type.get(name, id)` call read with only the id:
 * these are the properties each resource's read needs, taken from its id (the format its
 * create gives: resources/<resource>.ts). Resources whose id alone is enough need none.
 */
import type { Props } from "../core/resource";

function pair(kind: string, id: string, format: string): [string, string] {
  const at = id.indexOf("/");
  if (at <= 0 || at === id.length - 1) throw new Error(`${kind} import: the id must be ${format}, got ${JSON.stringify(id)}`);
  return [id.slice(0, at), id.slice(at + 1)];
}

const who = (value: string): Props => (value.includes("@") ? { emailAddress: value } : { accountId: value });

const FROM_ID: Record<string, (id: string) => Props> = {
  TeamMember: (id) => {
    const [teamId, person] = pair("TeamMember", id, "<teamId>/<accountId or emailAddress>");
    return { teamId, ...who(person) };
  },
  TemplateAccess: (id) => {
    const [templateId, person] = pair("TemplateAccess", id, "<templateId>/<accountId>");
    return { templateId, ...who(person) };
  },
  FaxLineUser: (id) => {
    const [number, person] = pair("FaxLineUser", id, "<number>/<accountId>");
    return { number, ...who(person) };
  },
};

/** The properties read needs for an object known only by its id. */
export function propsFromId(kind: string, id: string): Props {
  return FROM_ID[kind]?.(id) ?? {};
}
