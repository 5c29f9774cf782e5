/**
 * The account policy pack (policy/) through the real CLI: `preview` with the pack loaded by
 * the engine (our language host's RunPlugin). A compliant account file passes; a violating one
 * fails preview with each mandatory rule's message (naming resource, property and rule); an
 * advisory rule only warns; enforcement levels and parameters come from the pack's config.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type * as pulumi from "@pulumi/pulumi";
import type { EngineEvent, PolicyEvent } from "@pulumi/pulumi/automation";
import { parseDocument } from "yaml";
import { deployAccount, parseAccountFile } from "../../../provider/account-file";
import { newStack, repoRoot, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";

const PACK = path.join(repoRoot, "policy");

describe("engine: the account policy pack", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let dir: string;
  // What the inline program deploys: the account file's text and the options for every resource.
  let current: { yaml: string; opts: pulumi.CustomResourceOptions } = { yaml: "", opts: {} };

  /** The example account.yaml, edited. */
  const account = (edit: (doc: ReturnType<typeof parseDocument>) => void = () => undefined) => {
    const doc = parseDocument(fs.readFileSync(path.join(repoRoot, "account.yaml"), "utf8"));
    edit(doc);
    return doc.toString();
  };
  const config = (name: string, value: unknown) => {
    const file = path.join(dir, `${name}.json`);
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
  };
  /** Preview with the pack; resolves to the policy events and whether preview failed. */
  const preview = async (yaml: string, opts: pulumi.CustomResourceOptions, policyConfig?: string) => {
    current = { yaml, opts };
    const events: PolicyEvent[] = [];
    const onEvent = (e: EngineEvent) => e.policyEvent && events.push(e.policyEvent);
    let error: Error | undefined;
    try {
      await t.stack.preview({ policyPacks: [PACK], policyPackConfigs: policyConfig ? [policyConfig] : undefined, onEvent });
    } catch (e) {
      error = e as Error;
    }
    // An event's message is the rule's description, then the violation's own line.
    const line = (e: PolicyEvent) => e.message.trim().split("\n").pop();
    return { events, error, messages: events.map((e) => `${e.enforcementLevel} ${e.policyName}: ${line(e)}`) };
  };
  const protectAll = { protect: true };
  const allowAcme = () =>
    config("acme", {
      "esign-api-app-domains": { allowedDomains: ["acme.example"] },
      "esign-member-email-domains": { allowedDomains: ["acme.example"] },
    });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-policy-"));
    fs.cpSync(path.join(repoRoot, "examples", "files"), path.join(dir, "examples", "files"), { recursive: true });
    svc = await localService({ autoAcceptInvites: true });
    t = await newStack(
      "policy",
      () => {
        deployAccount(parseAccountFile(current.yaml, path.join(dir, "account.yaml")), current.opts);
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("passes a compliant account file without a violation", async () => {
    const result = await preview(account(), protectAll, allowAcme());
    assert.strictEqual(result.error, undefined, result.error?.message);
    assert.deepStrictEqual(result.messages, []);
  });

  it("fails preview on each mandatory rule with its message", async () => {
    const yaml = account((doc) => {
      doc.setIn(["apiApps", 0, "callbackUrl"], "http://portal.acme.example/esign/events");
      doc.setIn(["apiApps", 0, "oauth", "callbackUrl"], "http://portal.acme.example/oauth/callback");
      (doc.getIn(["apiApps", 0, "domains"]) as any).add("portal.evil.example");
      const members = doc.get("members") as any;
      members.add({ emailAddress: "mallory@evil.example", role: "Admin" });
      members.add({ emailAddress: "dan@acme.example", role: "Admin" });
      members.add({ emailAddress: "erin@acme.example", role: "Admin" });
      doc.setIn(["templates", 0, "testMode"], true);
    });
    const result = await preview(
      yaml,
      protectAll,
      config("strict", {
        "esign-api-app-domains": { allowedDomains: ["acme.example"] },
        "esign-member-email-domains": { allowedDomains: ["acme.example"] },
        "esign-max-admins": { maxAdmins: 3 },
        "esign-template-signer-roles": { minSignerRoles: 3 },
        // The test stack is "test": treat it as production to exercise the stack-name rule.
        "esign-no-test-mode-in-production": { productionStackPattern: "^test$" },
      }),
    );
    assert.ok(result.error, "preview fails");
    assert.deepStrictEqual(
      result.messages.sort(),
      [
        'mandatory esign-api-app-domains: ApiApp "app:portal" property domains[2]: "portal.evil.example" is outside the allowed domains (acme.example) (rule esign-api-app-domains)',
        'mandatory esign-https-callbacks: ApiApp "app:portal" property callbackUrl: "http://portal.acme.example/esign/events" does not use https (rule esign-https-callbacks)',
        'mandatory esign-https-callbacks: ApiApp "app:portal" property oauth.callbackUrl: "http://portal.acme.example/oauth/callback" does not use https (rule esign-https-callbacks)',
        'mandatory esign-max-admins: 4 TeamMember resources have property role = "Admin" ("member:alice@acme.example", "member:dan@acme.example", "member:erin@acme.example", "member:mallory@evil.example"); at most 3 may (rule esign-max-admins)',
        'mandatory esign-member-email-domains: TeamMember "member:mallory@evil.example" property emailAddress: "mallory@evil.example" is outside the allowed domains (acme.example) (rule esign-member-email-domains)',
        'mandatory esign-no-test-mode-in-production: Template "template:nda" property testMode: is true on production stack "test" (rule esign-no-test-mode-in-production)',
        'mandatory esign-template-signer-roles: Template "template:nda" property signerRoles: has 2 signer role(s), at least 3 required (rule esign-template-signer-roles)',
      ].sort(),
    );
    assert.match(result.error!.message, /esign-https-callbacks/);
  });

  it("only warns for an advisory rule (an unprotected fax line; a rule made advisory by config)", async () => {
    // The account file protects fax lines unless the entry says otherwise: this one says so.
    const yaml = account((doc) => {
      doc.setIn(["apiApps", 0, "callbackUrl"], "http://portal.acme.example/esign/events");
      doc.setIn(["faxLines", 0, "protect"], false);
    });
    const result = await preview(yaml, {}, config("advisory", { "esign-https-callbacks": { enforcementLevel: "advisory" } }));
    assert.strictEqual(result.error, undefined, result.error?.message);
    assert.deepStrictEqual(
      result.messages.sort(),
      [
        'advisory esign-fax-lines-protected: FaxLine "fax:main" property protect: a fax line must be protected (resource option protect: true) (rule esign-fax-lines-protected)',
        'advisory esign-https-callbacks: ApiApp "app:portal" property callbackUrl: "http://portal.acme.example/esign/events" does not use https (rule esign-https-callbacks)',
      ].sort(),
    );
  });

  it("lets an allowed host keep http and a disabled rule stay silent", async () => {
    const yaml = account((doc) => doc.setIn(["apiApps", 0, "callbackUrl"], "http://localhost:8080/events"));
    const result = await preview(
      yaml,
      {},
      config("relaxed", {
        "esign-https-callbacks": { allowHttpHosts: ["localhost"] },
        "esign-fax-lines-protected": { enforcementLevel: "disabled" },
      }),
    );
    assert.strictEqual(result.error, undefined, result.error?.message);
    assert.deepStrictEqual(result.messages, []);
  });
});
