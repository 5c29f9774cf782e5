/**
 * What each kind manages is read from its definition (D152): drift's unmanaged section, `ignore`,
 * the removal scopes and the account file's authoritative collections all come from `manages`.
 */
import * as assert from "assert";
import { removalScope, managedOf } from "../../../provider/cli/drift-unmanaged";
import { AUTHORITATIVE_COLLECTIONS } from "../../../provider/account-file/schema";
import { COLLECTIONS, scopeKey } from "../../../provider/core/collections";
import { managedScope } from "../../../provider/resources/define";
import { allDefinitions } from "../../../provider/resources/definitions";

const token = (kind: string) => `esign:index:${kind}`;

describe("kinds: what each manages, from its definition", () => {
  it("every collection `ignore` names is managed by some kind, and the authoritative ones are the sets'", () => {
    for (const c of COLLECTIONS)
      assert.ok(
        allDefinitions.some((d) => d.manages?.collection === c),
        c,
      );
    assert.deepStrictEqual(AUTHORITATIVE_COLLECTIONS, ["members", "templates.access", "faxLines.users"]);
  });

  it("an authoritative set adds nobody: another kind adds each one to its collection", () => {
    for (const d of allDefinitions.filter((x) => x.manages?.authoritative)) {
      assert.ok(
        allDefinitions.some((o) => o.manages && !o.manages.authoritative && o.manages.collection === d.manages?.collection && o.manages.parentKey === d.manages?.parentKey),
        d.kind,
      );
    }
  });

  it("a set's removal scope is where the state of its collection's other kinds puts their names, so drift marks whom it removes", () => {
    const props = { templateId: "t1", number: "+14155550100", teamId: "team1", users: ["A@x.example"], members: ["b@x.example"], emailAddress: "C@x.example" };
    for (const set of allDefinitions.filter((x) => x.manages?.authoritative)) {
      const scope = removalScope(token(set.kind), props);
      assert.ok(scope, set.kind);
      const sibling = allDefinitions.find((o) => o.manages && !o.manages.authoritative && o.manages.collection === set.manages?.collection)!;
      assert.strictEqual(managedScope(sibling.manages!, props), scope, `${set.kind} and ${sibling.kind}`);
      assert.ok(managedOf([{ type: token(set.kind), inputs: props }]).get(scope)?.size, `${set.kind}'s own list is managed`);
    }
    assert.strictEqual(removalScope(token("TemplateAccess"), props), undefined, "only sets remove");
    assert.strictEqual(removalScope(token("TemplateAccessSet"), { users: [] }), undefined, "no parent yet, no scope");
    assert.strictEqual(scopeKey("templates.access", "t1"), "templates.access:t1");
  });
});
