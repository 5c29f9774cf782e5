/**
 * Objects a create took over in this deployment, so a delete in the same deployment keeps them.
 *
 * A rename (a new logical name for the same app, member or grant) reaches the provider as a
 * create of the new name followed by a delete of the old one: the engine runs creates before
 * the deletes of resources the program no longer has, and every esign resource of a deployment
 * runs in one provider process. The create adopts the existing object (by natural key or by a
 * given id); without this record the old name's delete would then remove that very object,
 * leaving state that says it exists. Keys name the object, not the resource: `ApiApp:<client
 * id>`, `TeamMember:<team>:<account id>` and `TeamMember:<team>:<e-mail>`, ...
 */
export class Claims {
  private readonly claimed = new Set<string>();

  claim(keys: readonly string[]): void {
    for (const key of keys) this.claimed.add(key);
  }

  /** The first of `keys` that a create of this deployment holds, if any. */
  claimedKey(keys: readonly string[]): string | undefined {
    return keys.find((key) => this.claimed.has(key));
  }
}
