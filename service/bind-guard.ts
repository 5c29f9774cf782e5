/**
 * @module service/bind-guard
 * The service refuses to listen beyond this machine with the well-known default key (D141):
 * anyone who can reach it would hold the start account's key, and with it a relay for
 * `file_urls` downloads and callbacks into the operator's network.
 */
import { isLoopbackAddress } from "./http/loopback";
import { DEFAULT_API_KEY, type ResolvedOptions } from "./options";

/** Why this start is refused, or undefined when it may go ahead. */
export function bindRefusal(o: Pick<ResolvedOptions, "host" | "apiKey" | "allowDefaultKeyOnNetwork">): string | undefined {
  if (isLoopbackAddress(o.host) || o.apiKey !== DEFAULT_API_KEY || o.allowDefaultKeyOnNetwork) return undefined;
  return (
    `host ${o.host} is reachable beyond this machine and the api key is the well-known default "${DEFAULT_API_KEY}": ` +
    `set --api-key (apiKey) to a key of your own, or pass --allow-default-key-on-network (allowDefaultKeyOnNetwork) to accept that anyone who reaches it can use it`
  );
}
