/**
 * A fresh local service per suite, plus control-plane helpers (request counting, out-of-band
 * edits) used by the provider and engine tests.
 */
import axios from "axios";
import { startService, type RunningService } from "../../service";
import type { ServiceOptions } from "../../service";

export interface LocalService extends RunningService {
  /** The control plane: POST/GET/PATCH/DELETE under /_local/. */
  control<T = any>(method: string, path: string, data?: unknown): Promise<T>;
  /** API requests made since `seq` (all accounts unless one is named). */
  requestsSince(seq: number, accountId?: string): Promise<{ seq: number; method: string; path: string; status: number; operation: string | null }[]>;
  /** The sequence number of the latest logged request. */
  lastSeq(): Promise<number>;
  /** Provider settings for a stack that talks to this service. */
  stackConfig(apiKey?: string): Record<string, { value: string; secret?: boolean }>;
}

export async function localService(options: ServiceOptions = {}): Promise<LocalService> {
  const svc = await startService({ port: 0, checkReplies: true, ...options });
  const control = async (method: string, path: string, data?: unknown) => (await axios.request({ method, url: `${svc.url}/_local${path}`, data, validateStatus: () => true })).data;
  const requestsSince = async (seq: number, accountId?: string) => {
    const query = new URLSearchParams({ since: String(seq), ...(accountId ? { account_id: accountId } : {}) });
    const body = await control("GET", `/requests?${query}`);
    return body.requests;
  };
  return Object.assign(svc, {
    control,
    requestsSince,
    async lastSeq() {
      const all = await requestsSince(0);
      return all.length ? all[all.length - 1].seq : 0;
    },
    stackConfig(apiKey = svc.apiKey) {
      return {
        "esign:apiKey": { value: apiKey, secret: true },
        "esign:baseUrl": { value: svc.baseUrl },
        // The local service enforces no rate limit unless asked; tests need not pace themselves.
        "esign:requestsPerMinute": { value: "60000" },
      };
    },
  });
}

/** An authenticated axios instance for direct API calls in tests. */
export function api(svc: RunningService, apiKey = svc.apiKey) {
  return axios.create({ baseURL: svc.baseUrl, auth: { username: apiKey, password: "" }, validateStatus: () => true });
}
