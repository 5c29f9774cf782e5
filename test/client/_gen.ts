import { operations, operationIds } from "../../provider/contract";
const fn: Record<string, string> = {};
const camel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
for (const id of operationIds) {
  const [area, verb] = id.split(".");
  const o = operations[id];
  const name = `client.${camel(area)}.${camel(verb)}`;
  const r = o.response.kind === "empty" ? "(empty)" : o.response.kind === "list" ? `ListPage (${o.response.key})` : o.response.key;
  fn[id] = name;
  console.log(`| \`${id}\` | ${o.method} | \`${o.path}\` | \`${name}\` | ${o.successStatus.join(" / ")} | ${r} | ${o.idempotent ? "yes" : "no"} | ${o.tier} | ${o.auth === "api_key" ? "API key" : "key or OAuth"} | ${o.uploads ? Object.entries(o.uploads).map(([k, v]) => v === "many" ? `${k}[n]` : k).join(", ") : ""} |`);
}
