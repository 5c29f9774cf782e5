/**
 * The account file loader: structure, the resources' own rules, duplicates, and errors that
 * name the file, the line and the field. No engine, no service.
 */
import * as assert from "assert";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { AccountFileError, loadAccountFile, parseAccountFile } from "../../provider/account-file";
import { apiAppEntry, faxLineEntry, memberEntry, teamEntry, templateEntry } from "../../provider/account-file/schema";
import { definitions } from "../../provider/resources/definitions";
import { repoRoot } from "../engine/support/engine";

function failure(text: string): AccountFileError {
  try {
    parseAccountFile(text, "account.yaml", repoRoot);
  } catch (e) {
    if (e instanceof AccountFileError) return e;
    throw e;
  }
  throw new Error("the file was accepted");
}

describe("account file", () => {
  it("loads the example account and resolves file paths against the file", () => {
    const account = loadAccountFile(path.join(repoRoot, "account.yaml"));
    assert.strictEqual(account.team?.name, "Acme Signing Ops");
    assert.strictEqual(account.templates?.[0].files?.[0], path.join(repoRoot, "examples", "files", "nda.pdf"));
    assert.strictEqual(account.members?.length, 3);
  });

  it("names the line and field of a rule broken deep inside an entry", () => {
    const domains = Array.from({ length: 11 }, (_, i) => `d${i}.example.com`).join(", ");
    const e = failure(`team:\n  name: Ops\napiApps:\n  - name: Portal\n    domains: [${domains}]\n`);
    assert.strictEqual(e.issues.length, 1);
    assert.deepStrictEqual([e.issues[0].line, e.issues[0].field], [5, "apiApps[0].domains"]);
    assert.match(e.message, /^account\.yaml:5:\d+: apiApps\[0\]\.domains: at most 10 items/);
  });

  it("names unknown keys and wrong types with their lines", () => {
    const e = failure(`members:\n  - emailAddress: a@example.com\n    rol: Admin\nfaxLines:\n  - key: main\n    areaCode: "415"\n    country: US\n`);
    const fields = e.issues.map((i) => `${i.line}:${i.field}`);
    assert.ok(fields.includes("3:members[0].rol"), fields.join(" "));
    assert.ok(fields.includes("6:faxLines[0].areaCode"), fields.join(" "));
  });

  it("points an unknown key at the key itself and suggests the nearest known key", () => {
    const e = failure(`team:\n  name: Ops\nmembers:\n  - emailAddress: a@example.com\n    rol: Admin\nfaxLine:\n  - key: main\n`);
    assert.deepStrictEqual(e.message.split("\n"), ["account.yaml:5:5: members[0].rol: unknown key; did you mean role?", "account.yaml:6:1: faxLine: unknown key; did you mean faxLines?"]);
    const far = failure(`team:\n  name: Ops\n  colour: blue\n`);
    assert.strictEqual(far.message, "account.yaml:3:3: team.colour: unknown key; known keys: name, adopt, protect, retainOnDelete");
  });

  it("an entry is its resource's inputs: each input of the definition is a key, a typo inside a nested input is caught", () => {
    const entries = { team: teamEntry, members: memberEntry, apiApps: apiAppEntry, templates: templateEntry, faxLines: faxLineEntry };
    const definitionOf = { team: definitions.Team, members: definitions.TeamMember, apiApps: definitions.ApiApp, templates: definitions.Template, faxLines: definitions.FaxLine };
    for (const [section, entry] of Object.entries(entries)) {
      const inputs = Object.keys(definitionOf[section as keyof typeof entries].inputs.shape).filter((k) => !(section === "members" && k === "teamId"));
      assert.deepStrictEqual(
        inputs.filter((k) => !(k in entry.shape)),
        [],
        `${section}: every input of the definition is a key of the entry`,
      );
    }
    const e = failure(`apiApps:\n  - name: Portal\n    domains: [portal.example.com]\n    oauth:\n      callbackUrl: https://portal.example.com/cb\n      scope: [basic_account_info]\n`);
    assert.ok(e.message.includes("account.yaml:6:7: apiApps[0].oauth.scope: unknown key; did you mean scopes?"), e.message);
  });

  it("is a pulumi RunError, which the engine prints as its message alone (no stack, no dump)", () => {
    const e = failure(`team:\n  nam: Ops\n`);
    assert.ok(pulumi.RunError.isInstance(e));
  });

  it("refuses access and users that name nobody in members, at the entry", () => {
    const text = [
      "members:",
      "  - emailAddress: alice@acme.example",
      "  - accountId: acc-bob",
      "    previousKeys: [bob@acme.example]",
      "templates:",
      "  - key: nda",
      "    templateId: t1",
      "    access: [Alice@acme.example, alcie@acme.example]",
      "faxLines:",
      "  - key: main",
      "    number: '+14155550100'",
      "    users:",
      "      - acc-bob",
      "      - bob@acme.example",
      "",
    ].join("\n");
    const e = failure(text);
    assert.deepStrictEqual(e.message.split("\n"), [
      "account.yaml:8:34: templates[0].access[1]: must name someone in members (alcie@acme.example is not there); did you mean alice@acme.example?",
      "account.yaml:14:9: faxLines[0].users[1]: must name someone in members (bob@acme.example is not there); bob@acme.example is a previous key of members[1], name them acc-bob",
    ]);
    // A member written with both names may be granted by either.
    assert.doesNotThrow(() =>
      parseAccountFile(
        "members:\n  - emailAddress: Dana@acme.example\n    accountId: acc-dana\ntemplates:\n  - key: nda\n    templateId: t1\n    access: [dana@acme.example]\n  - key: offer\n    templateId: t2\n    access: [acc-dana]\n",
        "account.yaml",
        repoRoot,
      ),
    );
    // A file without members does not manage the team: grants to anyone are the service's business.
    assert.doesNotThrow(() => parseAccountFile("templates:\n  - key: nda\n    templateId: t1\n    access: [dave@acme.example]\n", "account.yaml", repoRoot));
  });

  it("refuses a previous key that another entry uses", () => {
    const e = failure("apiApps:\n  - key: portal\n    name: Portal\n    domains: [a.example]\n  - key: admin\n    name: Admin\n    domains: [b.example]\n    previousKeys: [portal]\n");
    assert.deepStrictEqual([e.issues[0].line, e.issues[0].field], [8, "apiApps[1].previousKeys[0]"]);
    assert.match(e.issues[0].message, /portal is already the key of apiApps\[0\]/);
  });

  it("refuses a file that declares nothing unless allowDeleteAll says so", () => {
    for (const text of ["", "# nothing\n", "members: []\n"]) {
      const e = failure(text);
      assert.strictEqual(e.issues[0].field, "(file)");
      assert.match(e.message, /^account\.yaml:1:1: \(file\): declares no object, so `pulumi up` would delete every object of the stack; add `allowDeleteAll: true`/);
    }
    assert.strictEqual(parseAccountFile("allowDeleteAll: true\n", "account.yaml", repoRoot).allowDeleteAll, true);
  });

  it("keeps the file's own keys (previousKeys, protect, retainOnDelete) away from the resources' checks", () => {
    const account = parseAccountFile(
      [
        "team: { name: Ops, protect: true }",
        "members:",
        "  - accountId: acc-1",
        "    previousKeys: [A@Example.com]",
        "    retainOnDelete: true",
        "faxLines:",
        "  - key: main",
        "    areaCode: 415",
        "    country: US",
        "    protect: false",
        "    previousKeys: [old-main]",
        "",
      ].join("\n"),
      "account.yaml",
      repoRoot,
    );
    assert.deepStrictEqual(account.members?.[0], { accountId: "acc-1", previousKeys: ["A@Example.com"], retainOnDelete: true });
    assert.strictEqual(account.faxLines?.[0].protect, false);
  });

  it("applies the service's rules through each resource's check", () => {
    const e = failure(`members:\n  - emailAddress: not-an-email\n    role: Boss\n`);
    const messages = e.issues.map((i) => `${i.field}: ${i.message}`).join("\n");
    assert.match(messages, /members\[0\]\.emailAddress: .*e-mail/);
    assert.match(messages, /members\[0\]\.role: /);
  });

  it("refuses duplicate entries, which would share a logical name", () => {
    const e = failure(`members:\n  - emailAddress: A@example.com\n  - emailAddress: a@example.com\n`);
    assert.deepStrictEqual([e.issues[0].line, e.issues[0].field], [3, "members[1].emailAddress"]);
    assert.match(e.issues[0].message, /duplicate/);
  });

  it("reports YAML syntax errors with their line", () => {
    const e = failure(`team:\n  name: [unclosed\n`);
    assert.ok(e.issues[0].line >= 2);
    assert.strictEqual(e.issues[0].field, "(yaml)");
  });

  it("names a missing template file", () => {
    const e = failure(`templates:\n  - key: nda\n    files: [missing.pdf]\n    signerRoles: [{name: Client}]\n    formFieldsPerDocument: []\n`);
    assert.ok(
      e.issues.some((i) => i.field === "templates[0].files[0]" && /readable file/.test(i.message)),
      e.message,
    );
  });
});
