/**
 * docs/resources/<resource>.md, generated: the schema's inputs and outputs, the rules'
 * replace/update/no-effect split and the calls of each operation, around the hand-written prose kept in
 * docs/resources/prose/<resource>.md (its intro, notes under Inputs/Outputs/Changes, and every
 * other section as written). `npm run docs:resources` writes them; a test fails when stale.
 */
import * as fs from "fs";
import * as path from "path";
import { registry } from "../resources/registry";
import { resourceSpecs } from "./resources";
import { commonOutputs } from "./resources/common";
import type { PropSpec, ResourceSpec } from "./spec";
import { typeSpecs } from "./types";

/** "TeamMember" -> "team-member" (the page's file name). */
export const pageName = (kind: string) => kind.replace(/[a-z](?=[A-Z])/g, (c) => `${c}-`).toLowerCase();

function typeText(p: PropSpec): string {
  if (p.ref === "pulumi.json#/Any") return "any";
  if (p.ref) {
    const t = typeSpecs[p.ref];
    return `{ ${Object.entries(t.properties)
      .map(([k, v]) => `${k}${t.required?.includes(k) ? "" : "?"}: ${typeText(v)}`)
      .join("; ")} }`;
  }
  if (p.type === "array") return `${typeText(p.items!)}[]`;
  if (p.type === "object") return p.additionalProperties ? `map of ${typeText(p.additionalProperties)}` : "object";
  return p.type ?? "any";
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

const EFFECT = { replace: "replaces", update: "updates in place", ignore: "no effect" } as const;

function inputsTable(kind: string, spec: ResourceSpec): string {
  const rules = registry[kind].rules;
  const rows = Object.entries(spec.inputs).map(([k, p]) => {
    const rule = rules[k];
    const required = spec.requiredInputs?.includes(k) ? "yes" : "no";
    const effect = rule ? `${EFFECT[rule.change]}${p.changeUnless ? `, unless ${p.changeUnless}` : ""}` : "—";
    return `| \`${k}\` | \`${cell(typeText(p))}\` | ${required} | ${cell(effect)} | ${cell(p.description ?? "")} |`;
  });
  return ["| Input | Type | Required | A change | |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** The outputs every resource has, told once on docs/README.md rather than on each page. */
const COMMON_OUTPUT_NOTE = "The account whose key created or adopted it, pinned by one `GET /account` per provider process ([D31](../README.md#provider-configuration)).";

function outputsTable(spec: ResourceSpec): string {
  const own = Object.entries({ ...(spec.computed ?? {}), ...spec.outputs }).map(
    ([k, p]) => `| \`${k}\` | \`${cell(typeText(p))}\` | ${cell(`${p.description ?? ""}${p.secret ? " (secret)" : ""}`)} |`,
  );
  const common = Object.entries(commonOutputs).map(([k, p]) => `| \`${k}\` | \`${cell(typeText(p))}\` | ${COMMON_OUTPUT_NOTE} |`);
  const rows = [...own, ...common];
  return ["All inputs, and:", "", "| Output | Type | |", "|---|---|---|", ...rows].join("\n");
}

function changesText(kind: string): string {
  const impl = registry[kind];
  const keys = (change: string) =>
    Object.entries(impl.rules)
      .filter(([, r]) => r.change === change)
      .map(([k]) => `\`${k}\``);
  // A kind of change no input has goes unsaid; a kind with no input at all says so once.
  const labelled: [string, string[]][] = [
    ["Replaces the object", keys("replace")],
    ["Updates it in place", keys("update")],
    ["No effect on the object", keys("ignore")],
  ];
  const lines = labelled.filter(([, list]) => list.length).map(([label, list]) => `- ${label}: ${list.join(", ")}.`);
  return [...(lines.length ? lines : ["- No input changes anything."]), ...(impl.deleteBeforeReplace ? ["- A replacement deletes the old object before it creates the new one."] : [])].join("\n");
}

function callsTable(spec: ResourceSpec): string {
  // The account pin's own read is the same for every resource: the managingAccountId row says it.
  return ["| Operation | Calls |", "|---|---|", ...spec.calls.map(([op, calls]) => `| ${cell(op)} | ${cell(calls)} |`)].join("\n");
}

function importText(kind: string, spec: ResourceSpec): string {
  return [`ID: ${spec.importId} (\`pulumi import esign:index:${kind} NAME ID\`, the \`import\` option, \`${kind}.get(name, ID)\`;`, `[native plugin](../native-provider.md#import-and-get)).`].join(
    "\n",
  );
}

interface Section {
  title: string;
  body: string;
}

function sections(prose: string): { intro: string; rest: Section[] } {
  const parts = prose.split(/^## (.*)\n/m);
  const rest: Section[] = [];
  for (let i = 1; i < parts.length; i += 2) rest.push({ title: parts[i].trim(), body: parts[i + 1].trim() });
  return { intro: parts[0].trim(), rest };
}

/** A page's kept prose (`<proseDir>/<page>.md`); a kind with none yet gets its title and its schema description. */
export function proseOf(proseDir: string, kind: string): string {
  const file = path.join(proseDir, `${pageName(kind)}.md`);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : `# ${kind}\n\n${resourceSpecs[kind].description}\n`;
}

const GENERATED = ["Inputs", "Outputs", "Changes", "API calls"];

/** One resource's page: generated reference, the prose beside it. */
export function resourcePage(kind: string, prose: string): string {
  const spec = resourceSpecs[kind];
  const { intro, rest } = sections(prose);
  const note = (title: string) => rest.find((s) => s.title === title)?.body;
  const block = (title: string, generated: string) => [`## ${title}`, generated, note(title)].filter(Boolean).join("\n\n");
  const out = [
    `<!-- Generated by \`npm run docs:resources\`: edit prose/${pageName(kind)}.md or provider/schema/. -->`,
    intro,
    block("Inputs", inputsTable(kind, spec)),
    block("Outputs", outputsTable(spec)),
    block("Changes", changesText(kind)),
    block("API calls", callsTable(spec)),
    block("Import", importText(kind, spec)),
    ...rest.filter((s) => !GENERATED.includes(s.title) && s.title !== "Import").map((s) => `## ${s.title}\n\n${s.body}`),
  ];
  return `${out.join("\n\n")}\n`;
}
