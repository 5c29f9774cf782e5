/**
 * Each resource's read path against what the real service was recorded sending
 * (test/fixtures/recorded/, sources in its README), served by a tiny HTTP server (real HTTP):
 * a resource created from declared inputs, refreshed and diffed against the same inputs, shows
 * no change, whatever the recorded forms (white_labeling_options a JSON string of the keys sent,
 * `domain`, no template `subject`, server-added metadata keys, numbers as text, `order: null`,
 * `message: null`). The warnings the service answered the create with are engine warnings
 * naming the resource, in both hosts.
 */
import { strict as assert } from "node:assert";
import { Deployment } from "../../provider/deployment/context";
import { resourceOperations } from "../../provider/operations";
import { DynamicHost } from "../../provider/runtime";
import { recorded } from "../fixtures/recorded/load";
import { startTestServer, type Answer, type TestServer } from "../client/support/http-server";
import { collectingWarnings } from "./support/warnings";

const account = recorded("account-get-2017");
const appCreated = recorded("api-app-create-2021");
const template = recorded("template-get-2021");
const templateId = (template.body.template as { template_id: string }).template_id;

/** The recorded service: the account, one app once created, one template. */
function recordedService(): (request: { method: string; path: string }) => Answer {
  let apps: unknown[] = [];
  return ({ method, path }) => {
    const route = `${method} ${path.replace(/^\/v3/, "")}`;
    if (route === "GET /account") return { status: 200, body: account.body };
    if (route === "GET /api_app/list") return { status: 200, body: { list_info: { page: 1, num_pages: 1, num_results: apps.length, page_size: 100 }, api_apps: apps } };
    if (route === "POST /api_app") {
      apps = [appCreated.body.api_app];
      return { status: appCreated.status, headers: appCreated.headers, body: appCreated.body };
    }
    // The create reads the new app back (the read-after-create lag, D120): no GET is recorded, so the app as created.
    const app = apps[0] as { client_id: string } | undefined;
    if (app && route === `GET /api_app/${app.client_id}`) return { status: 200, body: { api_app: app } };
    // A template create reads the list first (D92): none before this one.
    if (route.startsWith("GET /template/list")) return { status: 200, body: { templates: [], list_info: { page: 1, num_pages: 1, num_results: 0, page_size: 100 } } };
    if (route === "POST /template/create") return { status: 200, body: { template: { template_id: templateId } } };
    if (route === `GET /template/files_as_file_url/${templateId}`) return { status: 200, body: { file_url: "https://example.com/f.pdf", expires_at: 1634533338 } };
    if (route === `GET /template/${templateId}`) return { status: 200, headers: template.headers, body: template.body };
    return { status: 404, body: { error: { error_msg: `no recording for ${route}`, error_name: "not_found" } } };
  };
}

/** The inputs the recorded create was made from (create_api_app.yaml's request). */
const appInputs = {
  name: "Example API App \u2013 testing",
  domains: ["example.com"],
  callbackUrl: "https://www.example.com/callback",
  whiteLabelingOptions: { headerBackgroundColor: "#F7F8F9", primaryButtonColor: "#C0A464", textColor2: "#808080" },
};

/** Inputs that would make get_template_valid.yaml's template, with a subject the service never returns. */
const templateInputs = {
  title: "Offer Letter",
  subject: "Your offer",
  fileUrls: ["https://example.com/offer_letter.pdf"],
  signerRoles: [{ name: "Employee" }],
  metadata: { no: "cats", more: "dogs" },
  formFieldsPerDocument: [
    { documentIndex: 0, apiId: "240cc5a4-22d9-4ef7-a5a5-ea1155620da7", name: "Signature1", type: "signature", required: true, signer: 0, page: 1, x: 255, y: 507, width: 108, height: 27 },
  ],
};

describe("resources: read and diff against the real service's recorded answers", () => {
  let server: TestServer;
  before(async () => (server = await startTestServer(recordedService())));
  after(() => server?.close());

  const config = () => ({ "esign:apiKey": "k-123456", "esign:baseUrl": server.baseUrl });

  /** create in one run, then refresh and diff in the next, as `up` then `preview --refresh` do. */
  async function roundTrip(type: string, inputs: Record<string, unknown>) {
    const run = () => {
      const host = new DynamicHost();
      const get = (key: string) => (config() as Record<string, string>)[key];
      host.configure({ get, env: {} });
      return host.resourceProvider(type);
    };
    const first = run();
    const checked = await first.check!({}, inputs);
    assert.deepEqual(checked.failures ?? [], []);
    const { result: made, warnings } = await collectingWarnings(() => first.create(checked.inputs));
    const next = run();
    const read = await next.read!(made.id, made.outs);
    assert.equal(read.id, made.id, "the object is there");
    const diff = await next.diff!(made.id, read.props, (await next.check!(read.props, inputs)).inputs);
    return { made, read, diff, warnings };
  }

  it("ApiApp: white_labeling_options as a JSON string and `domain` read back as declared, no change", async () => {
    const { read, diff, warnings } = await roundTrip("ApiApp", appInputs);
    assert.deepEqual(read.props?.domains, ["example.com"]);
    assert.deepEqual(read.props?.whiteLabelingOptions, appInputs.whiteLabelingOptions);
    assert.deepEqual([diff.changes, diff.replaces ?? []], [false, []]);
    assert.deepEqual(warnings, [
      `warning: esign: ApiApp "Example API App \u2013 testing" create: the service warned: White labeling will be active in test mode only. Upgrade your account to use in production. (test_mode_only)`,
    ]);
  });

  it("Template: no subject, server-added metadata keys, numbers as text: no change, never a replace", async () => {
    const { read, diff } = await roundTrip("Template", templateInputs);
    assert.equal(read.props?.subject, "Your offer", "the declared subject is kept: the service never returns one");
    assert.deepEqual(read.props?.metadata, { no: "cats", more: "dogs" }, "only the declared metadata keys");
    assert.deepEqual([diff.changes, diff.replaces ?? []], [false, []]);
  });

  it("the native host says the service's warnings too", async () => {
    const d = new Deployment("native", { get: (key) => (config() as Record<string, string>)[key], env: {} });
    const ops = resourceOperations("ApiApp");
    const checked = await ops.check(d, {}, appInputs);
    const { warnings } = await collectingWarnings(() => ops.create(d, checked.inputs!));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^warning: esign: ApiApp "Example API App – testing" create: the service warned: White labeling .* \(test_mode_only\)$/);
  });
});
