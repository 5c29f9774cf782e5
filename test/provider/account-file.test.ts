/**
 * The account file loader: structure, the resources' own rules, duplicates, and errors that
 * name the file, the line and the field. No engine, no service.
 */
import * as assert from "assert";
import * as path from "path";
import { AccountFileError, loadAccountFile, parseAccountFile } from "../../provider/account-file";
import { repoRoot } from "../helpers/engine";

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
    assert.ok(fields.some((f) => f.startsWith("2:members[0]")), fields.join(" "));
    assert.ok(fields.includes("6:faxLines[0].areaCode"), fields.join(" "));
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
    assert.ok(e.issues.some((i) => i.field === "templates[0].files[0]" && /readable file/.test(i.message)), e.message);
  });
});
