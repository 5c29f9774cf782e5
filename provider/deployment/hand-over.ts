/**
 * What a diff tells the create that follows it in the same run. The engine answers a replace
 * by calling create with the new inputs, which do not name the object being replaced; when the
 * replace can be made by changing that object (a template whose only change is its files:
 * POST /template/update_files on the old one, D7), diff leaves its id here for the create.
 *
 * It lives in the Deployment (D91), not in module state: a run cut off between the diff and the
 * create leaves nothing behind in a process that serves another deployment, a test's next run
 * starts empty, and the drift report (which diffs without a deployment) records nothing.
 */
export class HandOvers {
  private readonly waiting = new Map<string, string>();

  /** Leaves `value` for the create of `type` whose inputs are `key` (a stable JSON of them). */
  leave(type: string, key: string, value: string): void {
    this.waiting.set(`${type}\0${key}`, value);
  }

  /** Takes (and forgets) what a diff left for this create, if anything. */
  take(type: string, key: string): string | undefined {
    const name = `${type}\0${key}`;
    const value = this.waiting.get(name);
    this.waiting.delete(name);
    return value;
  }

  get size(): number {
    return this.waiting.size;
  }
}

/** What a resource's diff may use of the run it belongs to (absent when no run asks: the drift report). */
export interface DiffRun {
  readonly handOvers: HandOvers;
  /** The run's settings a diff may depend on: a template's texts update in place only with the hidden route opted in (D123). */
  readonly settings: { readonly legacyTemplateUpdate?: boolean };
}
