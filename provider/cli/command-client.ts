/**
 * The one way a command gets its settings and client: the provider's settings (settings.ts:
 * the same rules and the same ESIGN_* variables, under what the command read first: the
 * stack's config, its flags), then the client a provider with them makes (clientOptionsOf).
 * A setting that breaks its rule fails the command naming it, before any request.
 */
import type { EsignClient, EsignClientOptions } from "../client";
import { clientOptionsOf, parseSettings, type ParsedSettings } from "../deployment/settings";
import type { Io } from "./colour";
import { CommandError } from "./command";

export interface CommandSettingsSource {
  /** A setting by its config key (`esign:baseUrl`): the stack's config, or a flag's value. */
  get: (key: string) => string | undefined;
  env: Io["env"];
  /** How the user names a key `get` answers, when not as a config key (`--base-url`). */
  names?: Record<string, string>;
}

/** The settings, or a command error naming the first that breaks its rule (as the provider's check would). */
export function commandSettings(from: CommandSettingsSource): ParsedSettings {
  const { settings, issues } = parseSettings(from.get, from.env);
  const issue = issues[0];
  if (issue) throw new CommandError(`${from.names?.[issue.setting] ?? issue.setting}: ${issue.message}`);
  return settings;
}

/**
 * The command's client. `noKey`: what the command says when no key is set (where it looks for
 * one); `hooks`: its own progress hooks.
 */
export async function commandClient(settings: ParsedSettings, noKey: Error, hooks: Pick<EsignClientOptions, "onRequest"> = {}): Promise<EsignClient> {
  if (!settings.apiKey) throw noKey;
  // Loaded here, not at the top: `esign --help` needs none of the client (axios and its dependencies).
  const { EsignClient: Client } = await import("../client");
  return new Client({ ...clientOptionsOf(settings), ...hooks });
}
