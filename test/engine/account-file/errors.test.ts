/**
 * The top-level program (index.ts) through the real CLI: an account-file error is one
 * readable message (`account.yaml:LINE:COL: field: rule`, no unhandled-exception frame, no
 * stack, no dump of issues) and costs no API request; a typo'd `access` entry and an empty
 * file are refused at preview; each app's OAuth secret is a secret stack output that
 * `pulumi stack export` does not show in plain text.
 */
import * as assert from "assert";
import { accountDir, noiseIn, TopLevelStack, topLevelStack } from "../../support/account-file";
import { localService, LocalService } from "../../support/local";

describe("engine: the top-level program's account-file errors and outputs (real CLI)", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let stack: TopLevelStack;
  let work: ReturnType<typeof accountDir>;

  const previewFails = async (text: string, expected: RegExp) => {
    require("fs").writeFileSync(work.file, text);
    const seq = await svc.lastSeq();
    const r = await stack.run("preview");
    const output = r.stdout + r.stderr;
    assert.notStrictEqual(r.code, 0, output);
    assert.match(output, expected);
    assert.deepStrictEqual(noiseIn(output), [], output);
    assert.deepStrictEqual(await svc.requestsSince(seq), [], "no API request");
  };

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    work = accountDir("");
    stack = await topLevelStack(svc);
    const init = await stack.run("stack", "init", stack.name);
    assert.strictEqual(init.code, 0, init.stderr);
    await stack.run("config", "set", "esign:accountFile", work.file);
  });
  after(async () => {
    await stack?.remove();
    await svc?.close();
    work?.dispose();
  });

  it("prints an unknown key as one line at the key, with a suggestion", async () => {
    await previewFails("members:\n  - emailAddress: alice@acme.example\n    rol: Admin\n", /error: \S*account\.yaml:3:5: members\[0\]\.rol: unknown key; did you mean role\?\n/);
  });

  it("refuses access for someone not in members at preview", async () => {
    await previewFails(
      "members:\n  - emailAddress: alice@acme.example\ntemplates:\n  - key: nda\n    templateId: abc\n    access: [alcie@acme.example]\n",
      /account\.yaml:6:14: templates\[0\]\.access\[0\]: must name someone in members \(alcie@acme\.example is not there\); did you mean alice@acme\.example\?/,
    );
  });

  it("refuses an empty file at preview", async () => {
    await previewFails("", /account\.yaml:1:1: \(file\): declares no object/);
  });

  it("exports each app's OAuth secret as a secret output, never in plain text", async () => {
    require("fs").writeFileSync(
      work.file,
      [
        "apiApps:",
        "  - key: portal",
        "    name: Customer portal",
        "    domains: [portal.acme.example]",
        "    oauth:",
        "      callbackUrl: https://portal.acme.example/oauth/callback",
        "      scopes: [basic_account_info]",
        "",
      ].join("\n"),
    );
    const up = await stack.run("up", "--yes", "--skip-preview");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    const shown = await stack.run("stack", "output", "--json");
    assert.deepStrictEqual(JSON.parse(shown.stdout).oauthSecrets, "[secret]");
    const revealed = JSON.parse((await stack.run("stack", "output", "--json", "--show-secrets")).stdout).oauthSecrets;
    assert.match(revealed.portal, /^\w{16,}$/, "the app's OAuth secret");
    const exported = await stack.run("stack", "export");
    assert.strictEqual(exported.code, 0, exported.stderr);
    assert.ok(!exported.stdout.includes(revealed.portal), "the stack export does not show the OAuth secret");
    const down = await stack.run("destroy", "--yes", "--skip-preview");
    assert.strictEqual(down.code, 0, down.stdout + down.stderr);
  });
});
