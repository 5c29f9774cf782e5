/**
 * Template: a reusable document with signer roles and form fields.
 *
 * Replaces: the files (`files`: local paths, diffed by content hash; or `fileUrls`), and every
 * content field the update operation cannot change (signerRoles, formFieldsPerDocument,
 * mergeFields, metadata, ...). When only the files changed, the replacement goes through
 * POST /template/update_files/{old id} (the service overlays the new files on the old
 * template's fields and returns a new template) and the engine then deletes the old one.
 * Updates in place (POST /template/update/{id}): title, subject, message, ccRoles.
 * Calls: create GET /template/list (once per run: what was there before; a lost answer reads it
 * again and keeps the template it made, D90), POST /template/create (multipart with local files), then polls
 * GET /template/files_as_file_url/{id} until the asynchronous processing ends (409 = still
 * processing; 422 = template_error, whose reason is the failure); read GET /template/{id};
 * delete POST /template/delete/{id} (404 = already gone).
 * A new template may be unknown to reads for a while (the read-after-create lag, D120): create
 * waits for it (404s within the bound count as the lag) and a failure after the service made it
 * carries its id (D121).
 * Refresh reads title, message and ccRoles back as the service has them (subject too when the
 * service sends it, which the real one does not: a declared subject is then kept); of metadata
 * only the declared keys (the service adds its own); content the program never declared
 * (metadata edited in the web UI) is no change (D23).
 * Adoption: give `templateId` and create takes over that template (declared content must be
 * the template's; texts are brought in line), with an engine warning. An adopted template is
 * never replaced: content changes are refused at check, web-UI content changes fail the diff.
 * Who may use the template is not an output: TemplateAccess resources hold that.
 */
import type { BodyOf, ResultOf } from "../../../contract";
import { templateCreateBody } from "../../../contract";
import { announceAdoption } from "../shared/adoption";
import { contractFailures, type CheckFailure } from "../../core/check";
import { deepEqual, givenEquals, stableJson } from "../../core/compare";
import type { ProviderContext } from "../../deployment/context";
import { DiffRules, diffByRules } from "../../core/diff";
import { hashFile, readLocalFile } from "../../core/files";
import { fromWire, toWire } from "../../core/naming";
import { afterLag } from "../../core/read-lag";
import { finishing } from "../../core/unfinished-create";
import type { Props, ResourceImpl } from "../../core/resource";
import { makeTemplateOnce } from "./outcome";
import { waitForTemplate } from "./wait";
import type { TemplateInputs, TemplateState } from "./schema";

type TemplateWire = ResultOf<"template.get">;

function sameText(a: unknown, b: unknown): boolean {
  return (a ?? "") === (b ?? "");
}

const CONTENT_KEYS = [
  "signerRoles",
  "formFieldsPerDocument",
  "formFieldGroups",
  "formFieldRules",
  "mergeFields",
  "metadata",
  "clientId",
  "allowReassign",
  "usePreexistingFields",
  "testMode",
  "fieldOptions",
  "attachments",
  "signerExperience",
] as const;
const FILE_KEYS = ["fileHashes", "fileUrls"];

const rules: DiffRules = {
  templateId: { change: "replace", equal: givenEquals() },
  files: { change: "ignore" },
  fileHashes: { change: "replace" },
  fileUrls: { change: "replace" },
  ...Object.fromEntries(CONTENT_KEYS.map((k) => [k, { change: "replace" as const }])),
  // Read back as the service has them (a cleared message is drift); the service answers "" or
  // null for texts never set and names an untitled template after its first file.
  title: { change: "update", equal: givenEquals(sameText) },
  subject: { change: "update", equal: givenEquals(sameText) },
  message: { change: "update", equal: givenEquals(sameText) },
  ccRoles: { change: "update", equal: givenEquals((o, n) => deepEqual(o ?? [], n ?? [])) },
};
const UPDATE_KEYS = ["title", "subject", "message", "ccRoles"] as const;

/**
 * The olds to diff against: a content key the program never declared and does not give now
 * holds what the service has (e.g. metadata edited in the web UI), which is no change (D23).
 * State from before `declaredInputs` keeps every key.
 */
function declaredOlds(olds: Props, news: Props): Props {
  const declared = olds.declaredInputs;
  if (!Array.isArray(declared)) return olds;
  const out = { ...olds };
  for (const k of CONTENT_KEYS) if (!declared.includes(k) && news[k] === undefined) delete out[k];
  return out;
}

/** The keys whose change would replace the template (undeclared content left out). */
function replacing(olds: Props, news: Props): string[] {
  return diffByRules(rules, declaredOlds(olds, news), news).replaces ?? [];
}

const ADOPTED_REASON =
  "an adopted template (templateId) is never replaced, which would delete it: " + "change it in the web UI and declare what it has, or remove templateId and let esign make a template of its own";

/** The diff -> create hand-over (the run's, deployment/hand-over.ts): new inputs -> the template they replace. */
const HAND_OVER = "Template:update_files";
const replacementKey = (inputs: TemplateInputs) => stableJson(inputs);

function wireBody(inputs: TemplateInputs, withFiles: boolean): BodyOf<"template.create"> {
  const fields: Props = { fileUrls: inputs.fileUrls, title: inputs.title, subject: inputs.subject, message: inputs.message, ccRoles: inputs.ccRoles };
  for (const k of CONTENT_KEYS) fields[k] = inputs[k];
  const body = toWire<BodyOf<"template.create">>(fields);
  if (inputs.files) body.files = withFiles ? inputs.files.map((p) => readLocalFile(p)) : inputs.files.map((p) => ({ filename: p, content: new Uint8Array() }));
  return body;
}

/** Earlier versions copied the people here; state from them drops the stale copy on refresh. */
const STALE = { accounts: undefined };

function outputsOf(template: TemplateWire, inputs: TemplateInputs): TemplateState {
  return {
    ...inputs,
    ...STALE,
    templateId: template.template_id,
    // As the service has them: a text cleared in the web UI is drift, not the old value.
    title: template.title ?? undefined,
    message: template.message ?? undefined,
    subject: subjectOf(template, inputs),
    signerRoles: (template.signer_roles ?? []).map((r) => (r.order == null ? { name: r.name } : { name: r.name, order: r.order })),
    ccRoles: (template.cc_roles ?? []).map((r) => r.name),
    metadata: metadataOf(template.metadata, inputs.metadata),
    documents: fromWire<Record<string, unknown>[]>(template.documents ?? []),
    isLocked: template.is_locked ?? false,
  };
}

/**
 * The real service's template has no `subject` (real-service-evidence.md §4: recorded 2017-2021,
 * and the spec's TemplateResponse): a declared subject is kept as declared, like a write-only
 * input, instead of reading back as removed on every refresh. A service that sends it (the
 * local one) is read, so a change made there is seen.
 */
function subjectOf(template: TemplateWire, inputs: TemplateInputs): string | undefined {
  if (!("subject" in template)) return inputs.subject;
  return typeof template.subject === "string" ? template.subject : undefined;
}

/**
 * The service adds keys of its own to a template's metadata (`sent_from_domain`,
 * `created_on_domain`: recorded on every template of S2): only the declared keys are the
 * program's, so only they are kept and compared (metadata replaces on change, so an added key
 * must never read as one). Undeclared metadata is kept whole (D23 leaves it out of the diff).
 */
function metadataOf(actual: Record<string, unknown> | null | undefined, declared: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!actual || Object.keys(actual).length === 0) return declared;
  if (!declared) {
    // Nothing declared (an import, a refresh of web-UI metadata): the service's own keys are not the template's content.
    const own = Object.entries(actual).filter(([k]) => !SERVICE_METADATA_KEYS.includes(k));
    return own.length ? Object.fromEntries(own) : undefined;
  }
  return Object.fromEntries(
    Object.keys(declared)
      .filter((k) => k in actual)
      .map((k) => [k, actual[k]]),
  );
}

/** The keys the service adds to every template's metadata (recorded: S2 list_templates.yaml, 8 of 8). */
const SERVICE_METADATA_KEYS = ["sent_from_domain", "created_on_domain"];

async function createOrOverlay(ctx: ProviderContext, inputs: TemplateInputs): Promise<string> {
  const replaced = ctx.handOvers.take(HAND_OVER, replacementKey(inputs));
  if (replaced) {
    const { files, file_urls, subject, message, client_id, test_mode } = wireBody(inputs, true);
    const body = Object.fromEntries(Object.entries({ files, file_urls, subject, message, client_id, test_mode }).filter(([, v]) => v !== undefined));
    ctx.log(`template ${replaced}: new files, overlaying them with update_files`);
    return makeTemplateOnce(ctx, inputs, () => ctx.client.template.updateFiles(replaced, body));
  }
  return makeTemplateOnce(ctx, inputs, () => ctx.client.template.create(wireBody(inputs, true)));
}

const updateBody = (inputs: TemplateInputs) => toWire<BodyOf<"template.update">>({ title: inputs.title, subject: inputs.subject, message: inputs.message, ccRoles: inputs.ccRoles });

/** check() of an adopted template: content the program changes would replace it, so refused. */
function adoptedChanges(olds: Props, news: Props): CheckFailure[] {
  if (!olds.templateId || olds.templateId !== news.templateId) return [];
  return replacing(olds, news)
    .filter((k) => k !== "templateId")
    .map((k) => ({ property: k === "fileHashes" ? "files" : k, reason: ADOPTED_REASON }));
}

/**
 * Takes over the template `id`: declared content must be what the template has (no replace
 * can ever follow: ADOPTED_REASON); declared texts and cc roles are brought in line.
 */
async function adopt(ctx: ProviderContext, id: string, inputs: TemplateInputs): Promise<{ id: string; outs: TemplateState }> {
  const current = outputsOf(await ctx.client.template.get(id), inputs);
  const differ = replacing({ ...current, declaredInputs: Object.keys(inputs) }, inputs).filter((k) => k !== "templateId" && !FILE_KEYS.includes(k));
  if (differ.length) {
    const given: Props = inputs;
    const has: Props = current;
    throw new Error(`template ${id}: ${differ.map((k) => `${k} ${JSON.stringify(given[k])} is not the template's ${JSON.stringify(has[k])}`).join("; ")}: ${ADOPTED_REASON}`);
  }
  let outs = current;
  if (UPDATE_KEYS.some((k) => !rules[k].equal!(current[k], inputs[k]))) {
    await ctx.client.template.update(id, updateBody(inputs));
    outs = outputsOf(await ctx.client.template.get(id), inputs);
  }
  await announceAdoption(ctx, { type: "Template", object: `template "${outs.title ?? id}" (${id})`, how: "templateId was given" });
  return { id, outs };
}

/** A template just made: processed and readable through the read-after-create lag (D120), then its outputs. */
async function settle(ctx: ProviderContext, id: string, inputs: TemplateInputs, madeAtMs: number): Promise<TemplateState> {
  await waitForTemplate(ctx, id, madeAtMs);
  return outputsOf(await afterLag(ctx, `template ${id}`, madeAtMs, () => ctx.client.template.get(id)), inputs);
}

export const templateImpl: ResourceImpl<TemplateInputs, TemplateState> = {
  rules,
  extraInputs: ["files"],
  check(olds, news) {
    const inputs: TemplateInputs = { ...news };
    const failures = news.templateId ? [] : contractFailures(templateCreateBody, wireBody(news, false), news);
    if (Array.isArray(news.files)) {
      const hashes: string[] = [];
      news.files.forEach((p: unknown, i) => {
        if (typeof p !== "string") return;
        const hashed = hashFile(p);
        if ("error" in hashed) failures.push({ property: `files[${i}]`, reason: hashed.error });
        else hashes.push(hashed.hash);
      });
      inputs.fileHashes = hashes;
    }
    if (news.templateId) failures.push(...adoptedChanges(olds, inputs));
    return { inputs, failures };
  },

  diff(id, olds, news, run) {
    const result = diffByRules(rules, declaredOlds(olds, news), news);
    // What the program asks of an adopted template was refused by check; what remains is the
    // web UI's change of content (seen by refresh), which a replace would answer by deleting it.
    const replaces = (result.replaces ?? []).filter((k) => k !== "templateId");
    if (news.templateId && news.templateId === olds.templateId && replaces.length) {
      throw new Error(`template ${id}: ${replaces.join(", ")} differ from the template's: ${ADOPTED_REASON}`);
    }
    const onlyFiles = (result.replaces ?? []).length > 0 && result.replaces!.every((k) => FILE_KEYS.includes(k));
    if (onlyFiles && !news.templateId) run?.handOvers.leave(HAND_OVER, replacementKey(news), id);
    return result;
  },

  async create(ctx, inputs) {
    if (inputs.templateId) return adopt(ctx, inputs.templateId, inputs);
    const id = await createOrOverlay(ctx, inputs);
    const madeAt = Date.now();
    // The service made it: a failure from here on carries its id (D121).
    return { id, outs: await finishing(id, { ...inputs, templateId: id }, () => settle(ctx, id, inputs, madeAt)) };
  },

  settle,

  async read(ctx, id, props) {
    return outputsOf(await ctx.client.template.get(id), props);
  },

  async update(ctx, id, _olds, news) {
    await ctx.client.template.update(id, updateBody(news));
    return outputsOf(await ctx.client.template.get(id), news);
  },

  async delete(ctx, id) {
    await ctx.client.template.delete(id);
  },
};
