/**
 * @module service/http/ids
 * Identifiers as the real API shapes them: client_id 32 lowercase hex, every other id 40.
 */
import { randomBytes } from "node:crypto";
import { CLIENT_ID_LENGTH, OBJECT_ID_LENGTH } from "../../contract/limits";

export function newId(): string {
  return randomBytes(OBJECT_ID_LENGTH / 2).toString("hex");
}

export function newClientId(): string {
  return randomBytes(CLIENT_ID_LENGTH / 2).toString("hex");
}

/** A secret/token: 64 hex characters. */
export function newSecret(): string {
  return randomBytes(32).toString("hex");
}
