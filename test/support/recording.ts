/**
 * A short session of the client against a fresh local service with the recording mode on
 * (provider/client/record.ts): an API app with OAuth (its answer holds oauth.secret), a team
 * and an invitation (e-mail addresses), a template from an uploaded PDF (multipart), reads of
 * each, a 404 and a refused request (error envelopes), then deletes. Used by the recording's
 * tests and the emulator comparison's.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { EsignClient } from "../../provider/client";
import { startService } from "../../service";

export const SAMPLE_PDF = path.resolve(__dirname, "..", "..", "examples", "files", "nda.pdf");

export interface RecordedSession {
  apiKey: string;
  oauthSecret: string;
  emails: string[];
}

/** Recordings' pseudonym keys in a temp directory of this test process, not the user's state directory. */
export function isolateRecordingKeys(): void {
  process.env.ESIGN_RECORD_KEYS ??= fs.mkdtempSync(path.join(os.tmpdir(), "esign-record-keys-"));
}

export async function recordSampleSession(dir: string): Promise<RecordedSession> {
  isolateRecordingKeys();
  const svc = await startService({ port: 0, templateProcessingMs: 0 });
  try {
    const client = new EsignClient({ apiKey: svc.apiKey, baseUrl: svc.baseUrl, record: dir, requestsPerMinute: 0, retry: { retries: 0 } });
    const app = await client.request("api_app.create", {
      body: { name: "Recorded app", domains: ["rec.example.com"], oauth: { callback_url: "https://rec.example.com/oauth", scopes: ["basic_account_info"] } },
    });
    await client.request("api_app.get", { params: { client_id: app.client_id } });
    await client.request("api_app.update", { params: { client_id: app.client_id }, body: { name: "Recorded app v2" } });
    await client.request("team.create", { body: { name: "Recorded team" } });
    const emails = ["alice.smith@example.com", "bob@example.org"];
    for (const email of emails) await client.request("team.add_member", { body: { email_address: email } });
    await client.request("team.get");
    const template = await client.request("template.create", {
      body: {
        title: "Recorded NDA",
        files: [{ filename: "nda.pdf", content: fs.readFileSync(SAMPLE_PDF), contentType: "application/pdf" }],
        signer_roles: [{ name: "Client", order: 0 }],
        form_fields_per_document: [{ document_index: 0, api_id: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }],
        test_mode: true,
      },
    });
    await client.request("template.get", { params: { template_id: template.template_id } });
    await client.request("api_app.get", { params: { client_id: "0123456789abcdef0123456789abcdef" } }).catch(() => undefined);
    await client.request("team.add_member", { body: { email_address: emails[0] } }).catch(() => undefined);
    await client.request("template.delete", { params: { template_id: template.template_id } });
    await client.request("api_app.delete", { params: { client_id: app.client_id } });
    const oauthSecret = (app.oauth as { secret?: string } | null)?.secret;
    if (!oauthSecret) throw new Error("the API app's answer held no oauth.secret");
    return { apiKey: svc.apiKey, oauthSecret, emails };
  } finally {
    await svc.close();
  }
}
