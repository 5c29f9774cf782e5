/**
 * A key change seen per resource (the dynamic host; DECISIONS D63). Each object records the
 * fingerprint of the key it was last deployed with; diff compares it with the current key's at
 * no request, and a changed key is verified by the account pin's one read (per process) before
 * the preview or up goes on: refused, another account than the object's, or outside
 * esign:allowedAccountIds fails in one line, and nothing records the key.
 */
import { checkPin } from "./account-pin";
import type { Deployment } from "./context";
import { KEY_FINGERPRINT } from "./key-fingerprint";
import type { Props } from "../core/resource";

/** Whether `olds` records another key than the current one (no request). */
export async function keyDiffers(deployment: Deployment, olds: Props): Promise<boolean> {
  const recorded = olds[KEY_FINGERPRINT];
  const key = deployment.settings.apiKey;
  return deployment.keyFingerprintPerResource && recorded !== undefined && !!key && !(await deployment.keys.matchesKey(recorded, key));
}

/** Whether the key changed since `olds` was recorded; throws the refusal when the new key may not act for it. */
export async function keyChange(deployment: Deployment, what: string, olds: Props): Promise<boolean> {
  // State from before fingerprints has none: it gets one at its next update or refresh.
  if (!(await keyDiffers(deployment, olds))) return false;
  await checkPin(deployment.context(), `${what} (the API key changed since the last deployment)`, olds);
  return true;
}

/** The outputs that record the current key (`olds`' fingerprint when it already names it). */
export async function recordKey(deployment: Deployment, olds?: Props): Promise<Props> {
  const key = deployment.settings.apiKey;
  if (!deployment.keyFingerprintPerResource || !key) return {};
  return { [KEY_FINGERPRINT]: await deployment.keys.fingerprintFor(key, olds?.[KEY_FINGERPRINT]) };
}
