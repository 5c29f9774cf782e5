/**
 * The lists of operations other files show, generated from the operation table (issue 36
 * item 4): docs/client.md's table, ARCHITECTURE.md's table and the contract test's map of
 * method and path. Each sits between two marker lines in its file; `npm run operations`
 * rewrites what is between them, and test/scripts/operation-lists.test.ts checks it is fresh.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { operation, operationIds, type OperationId, type OperationSpec } from "../../contract";
import { callShape } from "../../provider/client/areas";
import { camelCase } from "../../provider/core/naming";
import { OPERATION_RECIPE } from "./recipe";

/** A generated block: the file it lives in, its marker name, and its lines. */
export interface GeneratedList {
  file: string;
  marker: string;
  /** The comment syntax of the file around the marker text. */
  comment: (text: string) => string;
  render: () => string[];
}

const markdown = (text: string) => `<!-- ${text} -->`;
const typescript = (text: string) => `// ${text}`;

/** A query a caller may leave out: none of its keys is required (as areas.ts types it). */
const optionalQuery = (schema: z.ZodType | undefined) => schema instanceof z.ZodObject && Object.values(schema.shape).every((field: z.ZodType) => field.safeParse(undefined).success);

/** How docs/client.md spells the call: `client.apiApp.update(clientId, body)`. */
export function callText(id: OperationId): string {
  const spec = operation(id);
  const shape = callShape(id);
  const parts = shape.parts.map((part) => (part === "query" && optionalQuery(spec.query) ? "query?" : part));
  const args = shape.paginated ? [shape.pathIds.length > 0 ? `{ ${shape.pathIds.join(", ")}, ...query }` : "query?"] : [...shape.pathIds.map(camelCase), ...parts];
  return `client.${shape.area}.${shape.method}(${args.join(", ")})`;
}

function returns(spec: OperationSpec): string {
  const r = spec.response;
  if (r.kind === "empty") return "(empty)";
  if (r.kind === "resource") return r.key;
  if (r.kind === "list") return `ListPage (${r.key}${r.aliases?.length ? `; also read as ${r.aliases.join(", ")}` : ""})`;
  const keys = r.schema instanceof z.ZodObject ? Object.keys(r.schema.shape) : [];
  return `\`{ ${keys.join(", ")} }\` (whole body)`;
}

function uploadsAndNotes(spec: OperationSpec): string {
  const uploads = Object.entries(spec.uploads ?? {}).map(([field, how]) => (how === "many" ? `${field}[n]` : field));
  return [...uploads, ...(spec.hidden ? [`**hidden**: ${spec.hidden}`] : [])].join(", ");
}

function clientTable(): string[] {
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    row(["Operation id", "Method", "Path", "Function", "Success", "Returns", "Idempotent", "Tier", "Auth", "Uploads / notes"]),
    row(Array(10).fill("---")),
    ...operationIds.map((id) => {
      const spec = operation(id);
      // The common values go unsaid (docs/client.md says so above the table): the standard tier, key or OAuth.
      const auth = spec.auth === "api_key" ? "key only" : "";
      return row([
        `\`${id}\``,
        spec.method,
        `\`${spec.path}\``,
        `\`${callText(id)}\``,
        spec.successStatus.join(" / "),
        returns(spec),
        spec.idempotent ? "yes" : "no",
        spec.tier === "standard" ? "" : spec.tier,
        auth,
        uploadsAndNotes(spec),
      ]);
    }),
  ];
}

/** One line per area: its verbs, then their methods and paths. */
function architectureTable(): string[] {
  const areas = new Map<string, OperationId[]>();
  for (const id of operationIds) {
    const area = id.split(".")[0];
    areas.set(area, [...(areas.get(area) ?? []), id]);
  }
  return [
    "| id | method path |",
    "|---|---|",
    ...[...areas].map(([area, ids]) => {
      const verbs = ids.map((id) => id.split(".")[1]).join(" / ");
      return `| ${area}.${verbs} | ${ids.map((id) => `${operation(id).method} ${operation(id).path}`).join(", ")} |`;
    }),
  ];
}

function contractMap(): string[] {
  return ["const expected: Record<OperationId, string> = {", ...operationIds.map((id) => `  "${id}": "${operation(id).method} ${operation(id).path}",`), "};"];
}

function recipe(): string[] {
  return [
    ...OPERATION_RECIPE.map((step, i) => `${i + 1}. \`${step.file}\`: ${step.what}.`),
    `${OPERATION_RECIPE.length + 1}. \`npm run operations\` rewrites the generated lists (${GENERATED_LISTS.filter((l) => l.marker === "operations")
      .map((l) => l.file)
      .join(", ")}).`,
  ];
}

export const GENERATED_LISTS: GeneratedList[] = [
  { file: "docs/client.md", marker: "operations", comment: markdown, render: clientTable },
  { file: "ARCHITECTURE.md", marker: "operations", comment: markdown, render: architectureTable },
  { file: "test/contract/operations.test.ts", marker: "operations", comment: typescript, render: contractMap },
  { file: "ARCHITECTURE.md", marker: "operation-recipe", comment: markdown, render: recipe },
];

const begin = (list: GeneratedList) => list.comment(`${list.marker}:begin (generated by \`npm run operations\`: do not edit)`);
const end = (list: GeneratedList) => list.comment(`${list.marker}:end`);

/** `text` with the list's block replaced by a fresh one; an error when the markers are missing. */
export function splice(text: string, list: GeneratedList): string {
  const lines = text.split("\n");
  const from = lines.indexOf(begin(list));
  const to = lines.indexOf(end(list));
  if (from < 0 || to < from) throw new Error(`${list.file}: the lines "${begin(list)}" and "${end(list)}" are missing`);
  return [...lines.slice(0, from + 1), ...list.render(), ...lines.slice(to)].join("\n");
}

/** Each generated file whose text is not fresh, with the fresh text. */
export function staleLists(root: string): { file: string; fresh: string }[] {
  return GENERATED_LISTS.flatMap((list) => {
    const text = fs.readFileSync(path.join(root, list.file), "utf8");
    const fresh = splice(text, list);
    return fresh === text ? [] : [{ file: list.file, fresh }];
  });
}
