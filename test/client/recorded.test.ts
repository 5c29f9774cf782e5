/**
 * Every response the real service was recorded sending (test/fixtures/recorded/, sources in its
 * README) goes through the client over real HTTP: each parses, in one form whatever the
 * recorded one (white_labeling_options a JSON string, `domain` for domains, numbers as text),
 * its warnings reach onWarnings, its rate-limit headers (X-Ratelimit-Limit-Remaining) are read,
 * and each recorded error is an EsignApiError with its status and message.
 */
import { strict as assert } from "node:assert";
import type { OperationId, RequestParts, Warning } from "../../contract";
import { EsignClient, isEsignApiError } from "../../provider/client";
import { recorded, type Recorded } from "../fixtures/recorded/load";
import { startTestServer, type TestServer } from "./support/http-server";

/** A valid request of each recorded operation (the answer is what is under test). */
const REQUESTS: Partial<Record<OperationId, RequestParts>> = {
  "account.get": {},
  "api_app.create": { body: { name: "Example API App", domains: ["example.com"] } },
  "api_app.update": { params: { client_id: "034fb51064187cf28e4aad1c2533ad8f" }, body: { name: "Java API App" } },
  "api_app.list": { query: {} },
  "template.get": { params: { template_id: "c5754a7b3dae669d8a645a6cba79b340cdfdf3a2" } },
  "template.add_user": { params: { template_id: "475c0a43282985bb0fc02c995bfce6df2840a6f5" }, body: { email_address: "chris+1@hellosign.com" } },
  "template.update_files": { params: { template_id: "38f507ba0f40df3d2f4063c1c771f5d47eb5148c" }, body: { file_urls: ["https://example.com/a.pdf"] } },
  "template.delete": { params: { template_id: "475c0a43282985bb0fc02c995bfce6df2840a6f5" } },
  "team.add_member": { body: { email_address: "chris+2@hellosign.com" } },
  "team.destroy": {},
  "team.update": { body: { name: "Team" } },
};

describe("client: every recorded response of the real service", () => {
  let server: TestServer;
  let answer: Recorded;
  before(async () => (server = await startTestServer(() => ({ status: answer.status, headers: answer.headers, body: answer.body }))));
  after(() => server?.close());

  async function call(r: Recorded): Promise<{ result?: unknown; error?: unknown; warnings: Warning[]; client: EsignClient }> {
    answer = r;
    const warnings: Warning[] = [];
    const client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, onWarnings: (w) => warnings.push(...w) });
    const parts = REQUESTS[r.operation];
    assert.ok(parts, `${r.file}: no request for ${r.operation} in this test`);
    try {
      return { result: await client.request(r.operation, parts), warnings, client };
    } catch (error) {
      return { error, warnings, client };
    }
  }

  for (const r of recorded()) {
    it(`${r.file} (${r.operation} ${r.status})`, async () => {
      const { result, error, warnings } = await call(r);
      if (r.status >= 400) {
        assert.ok(isEsignApiError(error), `${r.file}: ${String(error)}`);
        const e = (r.body as { error: { error_msg: string; error_name: string } }).error;
        assert.deepEqual([error.status, error.errorName, error.errorMsg], [r.status, e.error_name, e.error_msg]);
        return;
      }
      assert.equal(error, undefined, `${r.file}: ${String(error)}`);
      assert.ok(result !== undefined);
      assert.deepEqual(warnings, r.body.warnings ?? []);
    });
  }

  it("reads white_labeling_options as an object of the keys sent and `domain` as domains", async () => {
    const { result } = await call(recorded("api-app-create-2021"));
    const app = result as { domains?: string[]; white_labeling_options?: Record<string, unknown> | null };
    assert.deepEqual(app.domains, ["example.com"]);
    assert.deepEqual(app.white_labeling_options, { header_background_color: "#F7F8F9", primary_button_color: "#C0A464", text_color2: "#808080" });
    const updated = (await call(recorded("api-app-update-2017"))).result as typeof app;
    assert.deepEqual(updated.white_labeling_options, { primary_button_color: "#ff0000" });
    const list = (await call(recorded("api-app-list-2017"))).result as { items: (typeof app)[] };
    assert.deepEqual(
      list.items.map((a) => [a.domains, a.white_labeling_options]),
      [
        [["example.com"], null],
        [["www.dev-hellosign.com"], null],
      ],
    );
  });

  it("reads numbers spelled as text: fontSize 12px, fractional coordinates, a null or textual document index", async () => {
    const template = (await call(recorded("template-get-2021"))).result as { documents: { index: number | null; form_fields: Record<string, unknown>[] }[] };
    assert.deepEqual(
      template.documents[0].form_fields.map((f) => [f.fontSize, f.x, f.signer]),
      [
        [12, 255, "1"],
        [12, 596.5, "1"],
      ],
    );
    const added = (await call(recorded("template-add-user-2017"))).result as typeof template;
    assert.equal(added.documents[0].index, null);
    const textual = structuredClone(recorded("template-add-user-2017"));
    (textual.body.template as { documents: { index: unknown }[] }).documents[0].index = "0";
    assert.equal(((await call(textual)).result as typeof template).documents[0].index, 0);
  });

  it("reads the remaining count from X-Ratelimit-Limit-Remaining, the header the service sends", async () => {
    const { client } = await call(recorded("template-get-2021"));
    assert.deepEqual(client.stats().rateLimit, { limit: 100, remaining: 99, reset: 1634529738 });
  });
});
