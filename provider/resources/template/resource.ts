/**
 * Template: a reusable document with signer roles and form fields.
 *
 * Replaces: every input. The documented API changes nothing of a template in place (D123):
 * title and ccRoles only a new template can take; subject and message only
 * POST /template/update_files/{old id}, which answers with a new template too. When only the
 * files, subject or message changed (to texts the service can hold), the replacement goes
 * through update_files (the service overlays the files on the old template's fields and returns
 * a new template, D7); else a fresh create. The engine then deletes the old one, and the grants
 * (TemplateAccess, TemplateAccessSet) follow the new id. With esign:legacyTemplateUpdate the
 * texts and ccRoles update in place through the hidden POST /template/update/{id} instead.
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
 * the template's, texts too unless esign:legacyTemplateUpdate brings them in line), with an
 * engine warning. An adopted template is never replaced: content changes are refused at check,
 * text changes and web-UI content changes fail the diff (texts update with the opt-in).
 * Who may use the template is not an output: TemplateAccess resources hold that.
 */
import type { BodyOf, ResultOf } from "../../../contract";
import { templateCreateBody, templateUpdateFilesBody } from "../../../contract";
import { announceAdoption } from "../shared/adoption";
import { contractFailures, type CheckFailure } from "../../core/check";
import { isEsignApiError } from "../../client/errors";
import { deepEqual, givenEquals, stableJson } from "../../core/compare";
import type { ProviderContext } from "../../deployment/context";
import { DiffRules, diffByRules, keepUnreported } from "../../core/diff";
import { hashFile, readLocalFile } from "../../core/files";
import { fromWire, toWire } from "../../core/naming";
import { afterLag } from "../../core/read-lag";
import { finishing } from "../../core/unfinished-create";
import { unlessGone, type Given, type Props, type ResourceImpl } from "../../core/resource";
import { makeTemplateOnce } from "./made";
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
  // A role's order comes back null (recorded: real-service-evidence.md §4): not a change (D129).
  signerRoles: { change: "replace", mayBeUnreported: true },
  // Read back as the service has them (a cleared message is drift); the service answers "" or
  // null for texts never set and names an untitled template after its first file. No
  // documented operation changes them in place (D123): a replace, unless the hidden route is opted in.
  title: { change: "replace", equal: givenEquals(sameText) },
  // The real service's template has no subject (§4: recorded 2017-2021, and the spec's
  // TemplateResponse): a declared one stands (D129); one the service sends is read.
  subject: { change: "replace", equal: givenEquals(sameText), mayBeUnreported: true },
  message: { change: "replace", equal: givenEquals(sameText) },
  ccRoles: { change: "replace", equal: givenEquals((o, n) => deepEqual(o ?? [], n ?? [])) },
};
/** What the hidden POST /template/update/{id} changes in place, when esign:legacyTemplateUpdate opts in (D123). */
const TEXT_KEYS: readonly string[] = ["title", "subject", "message", "ccRoles"];
/** The texts update_files takes with the files (it cannot clear one, and its subject is shorter). */
const OVERLAY_TEXTS: readonly string[] = ["subject", "message"];

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

/** The create request from the inputs (as given, at check: files as placeholders, any JSON judged by the contract). */
function wireBody(inputs: Given<TemplateInputs>, withFiles: boolean): BodyOf<"template.create"> {
  const fields: Props = { fileUrls: inputs.fileUrls, title: inputs.title, subject: inputs.subject, message: inputs.message, ccRoles: inputs.ccRoles };
  for (const k of CONTENT_KEYS) fields[k] = inputs[k];
  const body = toWire<BodyOf<"template.create">>(fields);
  // `p` untyped (Array.isArray): a path at create; at check any JSON, whose placeholder the contract judges.
  const files = inputs.files;
  if (Array.isArray(files)) body.files = files.map((p) => (withFiles ? readLocalFile(p) : { filename: p, content: new Uint8Array() }));
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
    subject: typeof template.subject === "string" ? template.subject : undefined,
    signerRoles: (template.signer_roles ?? []).map((r) => (r.order == null ? { name: r.name } : { name: r.name, order: r.order })),
    ccRoles: (template.cc_roles ?? []).map((r) => r.name),
    metadata: metadataOf(template.metadata, inputs.metadata),
    documents: fromWire<Record<string, unknown>[]>(template.documents ?? []),
    isLocked: template.is_locked ?? false,
  };
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

/** The update_files request: the files and what it takes with them (the overlay keeps the rest of the old template). */
function overlayBody(inputs: TemplateInputs, withFiles: boolean): BodyOf<"template.update_files"> {
  const { files, file_urls, subject, message, client_id, test_mode } = wireBody(inputs, withFiles);
  return Object.fromEntries(Object.entries({ files, file_urls, subject, message, client_id, test_mode }).filter(([, v]) => v !== undefined));
}

/**
 * Whether update_files can make this replacement from the old template (D7, D123): only files,
 * subject and message changed, each changed text is given (update_files cannot clear one), and
 * the request keeps update_files' own limits (its subject is shorter than create's).
 */
function overlayable(replaces: string[], news: TemplateInputs): boolean {
  if (replaces.length === 0 || !replaces.every((k) => FILE_KEYS.includes(k) || OVERLAY_TEXTS.includes(k))) return false;
  const given: Props = news;
  if (replaces.some((k) => OVERLAY_TEXTS.includes(k) && (given[k] ?? "") === "")) return false;
  return contractFailures(templateUpdateFilesBody, overlayBody(news, false), news).length === 0;
}

async function createOrOverlay(ctx: ProviderContext, inputs: TemplateInputs): Promise<string> {
  const replaced = ctx.handOvers.take(HAND_OVER, replacementKey(inputs));
  if (replaced) {
    ctx.log(`template ${replaced}: new files or texts, overlaying them with update_files`);
    return makeTemplateOnce(ctx, inputs, () => ctx.client.template.updateFiles(replaced, overlayBody(inputs, true)));
  }
  return makeTemplateOnce(ctx, inputs, () => ctx.client.template.create(wireBody(inputs, true)));
}

const updateBody = (inputs: TemplateInputs) => toWire<BodyOf<"template.update">>({ title: inputs.title, subject: inputs.subject, message: inputs.message, ccRoles: inputs.ccRoles });

const LEGACY_ROUTE = "POST /template/update/{template_id}";

/**
 * The hidden route answered 404 or 405: it is not served (D123). A 404 is also what a deleted
 * template answers, so the template's own read tells the two apart; undefined = not the route's absence.
 */
async function routeAbsence(ctx: ProviderContext, id: string, error: unknown): Promise<Error | undefined> {
  if (!isEsignApiError(error) || (error.status !== 404 && error.status !== 405)) return undefined;
  if (error.status === 404 && !(await unlessGone(() => ctx.client.template.get(id).then(() => true), false))) return undefined;
  return new Error(
    `template ${id}: the service does not serve ${LEGACY_ROUTE} (${error.status}), the hidden route esign:legacyTemplateUpdate opts into; nothing was changed: unset esign:legacyTemplateUpdate and the change replaces the template instead`,
  );
}

/** Texts and cc roles in place through the hidden route, only when esign:legacyTemplateUpdate opts in (D123). */
async function legacyUpdate(ctx: ProviderContext, id: string, inputs: TemplateInputs): Promise<TemplateState> {
  if (!ctx.settings.legacyTemplateUpdate) {
    // diff plans a text change as a replace without the opt-in, so this is a setting turned off between the diff and now.
    throw new Error(`template ${id}: a change of its texts replaces it (D123); ${LEGACY_ROUTE} is used only with esign:legacyTemplateUpdate: run the preview again`);
  }
  try {
    await ctx.client.template.update(id, updateBody(inputs));
  } catch (error) {
    throw (await routeAbsence(ctx, id, error)) ?? error;
  }
  return outputsOf(await ctx.client.template.get(id), inputs);
}

/** check() of an adopted template: content the program changes would replace it, so refused (texts: diff decides, D123). */
function adoptedChanges(olds: Props, news: Props): CheckFailure[] {
  if (!olds.templateId || olds.templateId !== news.templateId) return [];
  return replacing(olds, news)
    .filter((k) => k !== "templateId" && !TEXT_KEYS.includes(k))
    .map((k) => ({ property: k === "fileHashes" ? "files" : k, reason: ADOPTED_REASON }));
}

/** The one line for texts an adopted template cannot take without the hidden route (D123). */
const ADOPTED_TEXTS_WAY_OUT =
  "the documented API cannot change an adopted template's title, subject, message or ccRoles, and a replace would delete it: " +
  "change them in the web UI and declare what it has, remove templateId to let esign make a template of its own, " +
  `or set esign:legacyTemplateUpdate to send the hidden ${LEGACY_ROUTE}`;

/**
 * Takes over the template `id`: declared content must be what the template has (no replace
 * can ever follow: ADOPTED_REASON); declared texts and cc roles too, unless
 * esign:legacyTemplateUpdate brings them in line through the hidden route (D123).
 */
async function adopt(ctx: ProviderContext, id: string, inputs: TemplateInputs): Promise<{ id: string; outs: TemplateState }> {
  const current = keepUnreported(rules, outputsOf(await ctx.client.template.get(id), inputs), inputs);
  const given: Props = inputs;
  const has: Props = current;
  const unlike = (keys: string[]) => keys.map((k) => `${k} ${JSON.stringify(given[k])} is not the template's ${JSON.stringify(has[k])}`).join("; ");
  const differ = replacing({ ...current, declaredInputs: Object.keys(inputs) }, inputs).filter((k) => k !== "templateId" && !FILE_KEYS.includes(k));
  const content = differ.filter((k) => !TEXT_KEYS.includes(k));
  if (content.length) throw new Error(`template ${id}: ${unlike(content)}: ${ADOPTED_REASON}`);
  const texts = differ.filter((k) => TEXT_KEYS.includes(k));
  if (texts.length && !ctx.settings.legacyTemplateUpdate) throw new Error(`template ${id}: ${unlike(texts)}: ${ADOPTED_TEXTS_WAY_OUT}`);
  const outs = texts.length ? await legacyUpdate(ctx, id, inputs) : current;
  await announceAdoption(ctx, { type: "Template", object: `template "${outs.title ?? id}" (${id})`, how: "templateId was given" });
  return { id, outs };
}

/** A template's title with its documents (by content): another template like it in one stack is this one under a new name (D125). */
const sameDocuments = (props: Props) => (typeof props.title === "string" ? stableJson([props.title, props.fileHashes ?? null, props.fileUrls ?? null]) : undefined);

/** A template just made: processed and readable through the read-after-create lag (D120), then its outputs. */
async function settle(ctx: ProviderContext, id: string, inputs: TemplateInputs, madeAtMs: number): Promise<TemplateState> {
  await waitForTemplate(ctx, id, madeAtMs);
  return outputsOf(await afterLag(ctx, `template ${id}`, madeAtMs, () => ctx.client.template.get(id)), inputs);
}

export const templateImpl: ResourceImpl<TemplateInputs, TemplateState> = {
  rules,
  extraInputs: ["files"],
  identity: {
    ofNew: (inputs) => {
      const value = inputs.templateId ? undefined : sameDocuments(inputs);
      return value === undefined ? undefined : { property: "title", value, what: `template "${inputs.title}" with the same documents` };
    },
    ofHeld: sameDocuments,
  },
  // An adopted template is not made: the create rules do not apply.
  request: { schema: templateCreateBody, body: (given) => (given.templateId ? undefined : wireBody(given, false)) },
  check(olds, news) {
    const failures: CheckFailure[] = [];
    const inputs = { ...news };
    if (news.files) {
      const hashes: string[] = [];
      news.files.forEach((p, i) => {
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
    const all = result.replaces ?? [];
    // Texts alone, with the hidden route opted in: an update in place (D123).
    if (run?.settings.legacyTemplateUpdate && all.length && all.every((k) => TEXT_KEYS.includes(k))) return { ...result, replaces: [] };
    // What the program asks of an adopted template's content was refused by check; what remains
    // is a text change, or the web UI's change of content (seen by refresh), which a replace
    // would answer by deleting it.
    const replaces = all.filter((k) => k !== "templateId");
    if (news.templateId && news.templateId === olds.templateId && replaces.length) {
      const texts = replaces.filter((k) => TEXT_KEYS.includes(k));
      if (texts.length === replaces.length) throw new Error(`template ${id}: ${texts.join(", ")} changed: ${ADOPTED_TEXTS_WAY_OUT}`);
      throw new Error(`template ${id}: ${replaces.join(", ")} differ from the template's: ${ADOPTED_REASON}`);
    }
    if (!news.templateId && overlayable(all, news)) run?.handOvers.leave(HAND_OVER, replacementKey(news), id);
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

  // Planned only with esign:legacyTemplateUpdate (diff): every other change is a replace (D123).
  async update(ctx, id, _olds, news) {
    return legacyUpdate(ctx, id, news);
  },

  async delete(ctx, id) {
    await ctx.client.template.delete(id);
  },
};
