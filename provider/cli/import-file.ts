/**
 * `esign export --format pulumi-import`: the account as the engine's import file for
 * `pulumi import --file` (`resources: [{ type, name, id, ... }]`), with the ids the native
 * plugin reads (native/import-ids.ts) and the logical names the account file's program gives the
 * same objects (account-file/program.ts), so the exported account.yaml deployed with the native
 * types, or a program written with those names, previews no change after the import.
 *
 * Each entry names the plugin's `version` and `pluginDownloadUrl`: without them the engine looks
 * for the plugin among the Pulumi organisation's own releases, and the default provider it makes
 * would not be the one a generated SDK's resources ask for (its name carries both).
 */
import { appKey, memberKey, whoKey } from "../account-file/rules";
import { normalizeEmail } from "../core/compare";
import { pairId } from "../core/import-id";
import { logicalName, type Kind } from "../resources/definitions";
import type { AccountRead } from "./export";
import { packageVersion, PLUGIN_DOWNLOAD_URL } from "../native/version";
import { nativeTypeToken } from "../pulumi-state/type-token";

/** Where the engine downloads the plugin from (the schema's `pluginDownloadURL`; the names are decided once). */

export interface ImportSpec {
  type: string;
  name: string;
  id: string;
  version?: string;
  pluginDownloadUrl?: string;
  /** A key of `nameTable`: an explicit provider already in the stack's state. */
  provider?: string;
}

/** The engine's import file format (pulumi import --file). */
export interface ImportFile {
  nameTable?: Record<string, string>;
  resources: ImportSpec[];
}

export interface ImportFileOptions {
  /** The plugin version the stack should run (default: this package's). */
  version?: string;
  /** An explicit provider of the stack, as `pulumi import --provider` takes it: `name=urn`. */
  provider?: { name: string; urn: string };
}

/** `name=urn` of `--provider`, or a line saying what is wrong with it. */
export function parseProviderSpec(text: string): { name: string; urn: string } | string {
  const at = text.indexOf("=");
  const [name, urn] = at > 0 ? [text.slice(0, at), text.slice(at + 1)] : ["", ""];
  if (!name || !/^urn:pulumi:[^:]+::[^:]+::pulumi:providers:esign::[^:]+$/.test(urn)) {
    return `--provider must be NAME=URN of an esign provider in the stack (urn:pulumi:<stack>::<project>::pulumi:providers:esign::<name>), got ${JSON.stringify(text)}`;
  }
  return { name, urn };
}

/** The import file of one read of the account. */
export function importFileOf(read: AccountRead, opts: ImportFileOptions = {}): ImportFile {
  const { file, teamId, accountIds } = read;
  /** A grant's or member's person as the import id takes it: the account id when known. */
  const person = (who: string) => (who.includes("@") ? (accountIds.get(normalizeEmail(who)!) ?? who) : who);
  const target = opts.provider ? { provider: opts.provider.name } : { version: opts.version ?? packageVersion(), pluginDownloadUrl: PLUGIN_DOWNLOAD_URL };
  const resources: ImportSpec[] = [];
  /** The kind's entry, named as the account file's program names it (the definition's `logicalName`). */
  const add = (kind: Kind, keys: string[], id: string) => resources.push({ type: nativeTypeToken(kind), name: logicalName(kind, ...keys), id, ...target });

  if (file.team && teamId) add("Team", [], teamId);
  for (const m of file.members ?? []) {
    if (teamId) add("TeamMember", [memberKey(m)], pairId(teamId, person(m.accountId ?? m.emailAddress ?? "")));
  }
  for (const app of file.apiApps ?? []) if (app.clientId) add("ApiApp", [appKey(app)], app.clientId);
  for (const t of file.templates ?? []) {
    if (!t.templateId) continue;
    add("Template", [t.key], t.templateId);
    for (const who of t.access ?? []) add("TemplateAccess", [t.key, whoKey(who)], pairId(t.templateId, person(who)));
  }
  for (const line of file.faxLines ?? []) {
    if (!line.number) continue;
    add("FaxLine", [line.key], line.number);
    for (const who of line.users ?? []) add("FaxLineUser", [line.key, whoKey(who)], pairId(line.number, person(who)));
  }
  return opts.provider ? { nameTable: { [opts.provider.name]: opts.provider.urn }, resources } : { resources };
}
