/**
 * The account file's `ignore`, `authoritative` and `authoritativeLimits` (docs/account-file.md,
 * "The whole account"): what the loader accepts, the errors it gives (file, line, field, rule),
 * and the authoritative sets the file becomes (deployAccount under Pulumi's mocks: names, lists,
 * keep patterns, limits).
 */
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { AccountFileError, deployAccount, parseAccountFile } from "../../provider/account-file";
import { repoRoot } from "../engine/support/engine";

function failure(text: string): string {
  try {
    parseAccountFile(text, "account.yaml", repoRoot);
  } catch (e) {
    if (e instanceof AccountFileError) return e.message;
    throw e;
  }
  throw new Error("the file was accepted");
}

const FILE = `members:
  - emailAddress: alice@acme.example
    role: Admin
faxLines:
  - key: main
    number: "+14155550100"
    users: [alice@acme.example]
ignore:
  members: ["*@audit.example"]
  faxLines.users: ["ops-*"]
  apiApps: [Zapier*]
authoritative: [members, faxLines.users]
authoritativeLimits: { maxRemovals: 8 }
`;

describe("account file: ignore and authoritative", () => {
  it("accepts ignore patterns by collection, the authoritative collections and the limit", () => {
    const account = parseAccountFile(FILE, "account.yaml", repoRoot);
    assert.deepStrictEqual(account.ignore, { members: ["*@audit.example"], "faxLines.users": ["ops-*"], apiApps: ["Zapier*"] });
    assert.deepStrictEqual(account.authoritative, ["members", "faxLines.users"]);
    assert.deepStrictEqual(account.authoritativeLimits, { maxRemovals: 8 });
  });

  it("names the line and the rule for what is wrong", () => {
    assert.match(failure("members: []\nauthoritative: [members, apiApps]\n"), /^account\.yaml:2:\d+: authoritative\[1\]: must be one of members, templates\.access, faxLines\.users$/m);
    assert.match(failure("team: { name: A }\nauthoritative: [members]\n"), /^account\.yaml:2:\d+: authoritative\[0\]: names members, but the file has no members list/m);
    assert.match(failure("members: []\nignore:\n  member: [x]\n"), /^account\.yaml:3:3: ignore\.member: unknown key; did you mean members\?$/m);
    assert.match(failure("members: []\nignore:\n  members: [' ']\n"), /ignore\.members\[0\]: must be a pattern/);
    assert.match(failure("members: []\nauthoritativeLimits: { maxRemovals: -1 }\n"), /authoritativeLimits\.maxRemovals: must be 0 or more/);
  });

  it("becomes a FaxLineUserSet per line and one TeamMemberSet after them, with ignore as keep", async () => {
    const made: { type: string; name: string; inputs: Record<string, unknown> }[] = [];
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          made.push({ type: args.type, name: args.name, inputs: args.inputs });
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    deployAccount(parseAccountFile(FILE, "account.yaml", repoRoot));
    await new Promise((r) => setTimeout(r, 200));
    const sets = made.filter((r) => r.name === "members" || r.name === "fax:main:users");
    assert.deepStrictEqual(
      sets.map((r) => [r.name, r.inputs.members ?? r.inputs.users, r.inputs.keep, r.inputs.maxRemovals]),
      [
        ["fax:main:users", ["alice@acme.example"], ["ops-*"], 8],
        ["members", ["alice@acme.example"], ["*@audit.example"], 8],
      ],
      "the line's list first: the member list removes people from the team after their grants",
    );
  });
});
