/**
 * The official SDK (@dropbox/sign, generated from the OpenAPI description) pointed at a local
 * service: one configured instance of each API class, for tests that use it as a real client.
 */
import {
  AccountApi, ApiAppApi, EmbeddedApi, FaxApi, FaxLineApi, ReportApi, SignatureRequestApi, TeamApi, TemplateApi, UnclaimedDraftApi,
  type RequestDetailedFile,
} from "@dropbox/sign";
import type { RunningService } from "../../../service";

const classes = {
  account: AccountApi, apiApp: ApiAppApi, embedded: EmbeddedApi, fax: FaxApi, faxLine: FaxLineApi, report: ReportApi,
  signatureRequest: SignatureRequestApi, team: TeamApi, template: TemplateApi, unclaimedDraft: UnclaimedDraftApi,
};

export type OfficialSdk = { [K in keyof typeof classes]: InstanceType<(typeof classes)[K]> };

/** Every API class of the SDK with this service's base URL and the API key (Basic auth, as the SDK sends it). */
export function officialSdk(svc: RunningService, apiKey = svc.apiKey): OfficialSdk {
  const entries = Object.entries(classes).map(([name, Api]) => {
    const api = new Api(svc.baseUrl);
    api.username = apiKey;
    return [name, api];
  });
  return Object.fromEntries(entries) as OfficialSdk;
}

/** A file as the SDK uploads it. */
export const sdkFile = (data: Buffer, filename = "doc.pdf"): RequestDetailedFile => ({ value: data, options: { filename, contentType: "application/pdf" } });

/** The SDK rejects with an HttpError carrying the decoded error body; this names it in a test failure. */
export async function sdkCall<T>(what: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const e = error as { statusCode?: number; body?: unknown; message?: string };
    throw new Error(`${what}: ${e.statusCode ?? ""} ${JSON.stringify(e.body) ?? e.message}`);
  }
}
