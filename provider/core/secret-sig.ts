/**
 * The engine's mark of a secret value (sdk/go/common/resource/sig): an object whose SIG_KEY is
 * SECRET_SIG, carrying `value` as a provider is handed it, or `ciphertext` / `plaintext` in a
 * stack's state (an export, a checkpoint). One definition for every reader: the native host,
 * the drift report, the cut-off create check and `esign recover`.
 */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Whether the value is an object carrying the engine's signature key (a secret, in any of its forms). */
export const hasSigKey = (value: unknown): boolean => !!value && typeof value === "object" && SIG_KEY in value;
