/**
 * Where a resource scenario runs: the local service (the engine suites under
 * test/engine/resources/) or a real account (the acceptance run, test/acceptance/). One
 * scenario serves both: it names its objects and invitees through the session (the acceptance
 * run prefixes them, D85), talks to the API through `session.api`, and uses the local service's
 * control plane (accepting an invitation, counting requests) only where `session.local` is set.
 */
import axios, { type AxiosInstance } from "axios";
import * as assert from "assert";
import { localService, type LocalService } from "../../support/local";

export interface ScenarioSession {
  /** Provider settings for a stack that talks to this account. */
  stackConfig(): Record<string, { value: string; secret?: boolean }>;
  /** Authenticated axios on the API's base URL (answers every status). */
  api: AxiosInstance;
  /** The name an object made from `base` gets (the run prefix in acceptance runs). */
  name(base: string): string;
  /** The e-mail address of the invitee `tag` (a deliverable +tag address in acceptance runs). */
  email(tag: string): string;
  /** Test mode where the API has one (always on against a real account). */
  testMode: boolean;
  /** The local service and its control plane; absent against a real account. */
  local?: LocalService;
  close(): Promise<void>;
}

export interface ScenarioTarget {
  /** Shown in the suites' titles. */
  label: string;
  /** Whether sessions carry the local service's control plane (steps that need it are only registered then). */
  local: boolean;
  open(): Promise<ScenarioSession>;
}

/** The local service, fresh per suite; names and addresses as the program gives them. */
export function localTarget(): ScenarioTarget {
  return {
    label: "engine",
    local: true,
    async open() {
      const svc = await localService();
      return {
        stackConfig: () => svc.stackConfig(),
        api: axios.create({ baseURL: svc.baseUrl, auth: { username: svc.apiKey, password: "" }, validateStatus: () => true }),
        name: (base) => base,
        email: (tag) => `${tag}@example.com`,
        testMode: false,
        local: svc,
        close: () => svc.close(),
      };
    },
  };
}

/**
 * Runs `step` and, on the local service, asserts it made no API request (a preview reads
 * nothing). A real account cannot tell, so there the step just runs.
 */
export async function withoutRequests<T>(session: ScenarioSession, step: () => Promise<T>, message?: string): Promise<T> {
  const svc = session.local;
  const seq = svc ? await svc.lastSeq() : 0;
  const result = await step();
  if (svc) assert.deepStrictEqual(await svc.requestsSince(seq), [], message);
  return result;
}
