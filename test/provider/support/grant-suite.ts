/**
 * The fast-tier suite of a grant resource (TemplateAccess, FaxLineUser: one implementation,
 * provider/resources/shared/grant.ts), run once per resource with its parent: check, every
 * rules-table entry of diff, the requests of create / read / delete, one read of the parent
 * for many grants, adoption, pending grants for an open invitation, claims.
 */
import * as assert from "assert";
import { ProviderHarness, type Created, type Props } from "./harness";
import { assertCheckCases, assertRuleTable, UNKNOWN, type RuleCase } from "./rules-table";
import { writes } from "./calls";
import { collectingWarnings } from "./warnings";

export interface GrantSuite {
  type: "TemplateAccess" | "FaxLineUser";
  /** The input naming the parent. */
  key: "templateId" | "number";
  /** Makes a parent through its own provider; answers its id. */
  makeParent(h: ProviderHarness): Promise<string>;
  /** The parent's read, add and remove requests, as the request log names them. */
  calls(parent: string): { read: string; add: string; remove: string };
  /** The control plane's path of the parent (for edits made outside Pulumi). */
  controlPath(parent: string): string;
  /** What the pending warning says is waiting: `access to template <id>`. */
  what(parent: string): string;
  /** Rules-table entries beyond the parent and the person (options of the first grant). */
  extraChanges?: Record<string, RuleCase>;
}

export function grantSuite(s: GrantSuite): void {
  describe(`fast tier: ${s.type}`, () => {
    let h: ProviderHarness;
    let parent: string;
    const grants = () => h.resource(s.type);
    const grant = (who: Props) => grants().create({ [s.key]: parent, ...who });
    const accept = (email: string) => h.control("POST", "/invites/accept", { email_address: email });
    /** Invites people to the caller's team; those in `accepted` join. */
    async function team(invited: string[], accepted: string[]): Promise<void> {
      for (const email of invited) await h.resource("TeamMember").create({ emailAddress: email });
      for (const email of accepted) await accept(email);
    }

    before(async () => {
      h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead();
      await h.resource("Team").create({ name: "Ops" });
      await team(
        ["alice@example.com", "bea@example.com", "cid@example.com", "dan@example.com", "eve@example.com", "carol@example.com"],
        ["alice@example.com", "bea@example.com", "cid@example.com", "dan@example.com", "eve@example.com"],
      );
      parent = await s.makeParent(h);
      h.nextRun();
    });
    after(async () => h?.close());

    it("check names the property and the rule, without a request", async () => {
      await assertCheckCases(h, s.type, { [s.key]: "p", emailAddress: "a@example.com" }, [
        { title: `no ${s.key}`, inputs: { emailAddress: "a@example.com" }, property: s.key, reason: /required/ },
        { title: "nobody", inputs: { [s.key]: "p" }, property: "emailAddress", reason: /one of emailAddress or accountId is required/ },
        { title: "no e-mail address", inputs: { [s.key]: "p", emailAddress: "not-an-email" }, property: "emailAddress", reason: /e-mail address/ },
      ]);
    });

    describe("with a grant", () => {
      let alice: Created;
      const inputs: Props = { emailAddress: "Alice@Example.com" };
      before(async () => {
        h.nextRun();
        inputs[s.key] = parent;
        const { result, calls } = await h.counting(() => grants().create(inputs));
        alice = result;
        const c = s.calls(parent);
        assert.deepStrictEqual(calls, [c.read, c.add]);
      });

      it("create grants: status granted, the account id and the address normalized", () => {
        assert.strictEqual(alice.outs.status, "granted");
        assert.strictEqual(alice.outs.emailAddress, "alice@example.com");
        assert.strictEqual(alice.id, `${parent}/${alice.outs.accountId}`);
      });

      it("diff: every rules-table entry replaces or is ignored as declared; an e-mail's case is no change", async () => {
        await assertRuleTable(h, s.type, alice, inputs, {
          changes: {
            [s.key]: { set: { [s.key]: "another-parent" }, expect: "replace" },
            emailAddress: { set: { emailAddress: "bea@example.com" }, expect: "replace" },
            accountId: { set: { accountId: "another-account" }, expect: "replace" },
            ...s.extraChanges,
          },
          same: [{ title: "the e-mail address in another case", set: { emailAddress: "ALICE@example.com" } }],
        });
        const unknown = await grants().diff(alice.id, alice.outs, { ...inputs, [s.key]: UNKNOWN });
        assert.deepStrictEqual([unknown.replaces, unknown.deleteBeforeReplace], [[s.key], true], "an unknown parent replaces at preview");
      });

      it("update changes nothing in the service", async () => {
        const { calls } = await h.counting(() => grants().update(alice.id, alice.outs, { ...inputs }));
        assert.deepStrictEqual(calls, []);
      });

      it("read finds the grant removed outside Pulumi (so `up` grants it again)", async () => {
        h.nextRun();
        assert.strictEqual((await grants().read(alice.id, alice.outs)).id, alice.id);
        const withdrawn = await h.control("DELETE", `${s.controlPath(parent)}/users/${alice.outs.accountId}`);
        assert.strictEqual(withdrawn.status, 200);
        h.nextRun();
        assert.strictEqual((await grants().read(alice.id, alice.outs)).id, "");
      });
    });

    it("N grants on one parent read it once, for create and for refresh", async () => {
      h.nextRun();
      const people = ["bea@example.com", "cid@example.com", "dan@example.com"];
      const made = await h.counting(async () => {
        const out: Created[] = [];
        for (const p of people) out.push(await grant({ emailAddress: p }));
        return out;
      });
      const c = s.calls(parent);
      assert.deepStrictEqual(made.calls, [c.read, c.add, c.add, c.add]);
      h.nextRun();
      const refreshed = await h.counting(() => Promise.all(made.result.map((g) => grants().read(g.id, g.outs))));
      assert.deepStrictEqual(refreshed.calls, [c.read]);
      assert.ok(refreshed.result.every((r) => r.props?.status === "granted"));
    });

    it("delete removes the grant in one request; a second delete finds it gone and succeeds", async () => {
      h.nextRun();
      const g = await grant({ emailAddress: "eve@example.com" });
      h.nextRun();
      const { calls } = await h.counting(() => grants().delete(g.id, g.outs));
      assert.deepStrictEqual(calls, [s.calls(parent).remove]);
      h.nextRun();
      await grants().delete(g.id, g.outs);
    });

    it("a grant already in place is taken over without a write, with one warning naming it", async () => {
      h.nextRun();
      await grant({ emailAddress: "eve@example.com" });
      h.nextRun();
      const {
        result: { calls },
        warnings,
      } = await collectingWarnings(() => h.counting(() => grant({ emailAddress: "EVE@example.com" })));
      assert.deepStrictEqual(writes(calls), []);
      assert.deepStrictEqual(
        warnings.map((w) => w.split(";")[0]),
        [`warning: esign: ${s.type} adopted ${s.what(parent)} for eve@example.com (already granted)`],
      );
    });

    it("pending: for an open invitation the grant is pending with a warning, kept while open, and granted by the next run after they accept", async () => {
      h.nextRun();
      const made = await collectingWarnings(() => grant({ emailAddress: "carol@example.com" }));
      const pending = made.result;
      assert.strictEqual(pending.outs.status, "pending");
      assert.deepStrictEqual(made.warnings, [
        `warning: esign: ${s.what(parent)} for carol@example.com is pending: carol@example.com has not accepted the invitation to the team yet. Run \`pulumi up --refresh --run-program\` after they accept; it grants it.`,
      ]);
      h.nextRun(); // `preview --refresh --expect-no-changes` while the invitation is open
      const kept = await grants().read(pending.id, pending.outs);
      assert.deepStrictEqual([kept.id, kept.props?.status], [pending.id, "pending"]);
      await accept("carol@example.com");
      h.nextRun(); // `up --refresh` after they accept: gone on refresh, so created for real
      assert.strictEqual((await grants().read(pending.id, pending.outs)).id, "");
      const { result, calls } = await h.counting(() => grant({ emailAddress: "carol@example.com" }));
      assert.strictEqual(result.outs.status, "granted");
      assert.deepStrictEqual(writes(calls), [s.calls(parent).add]);
    });

    it("a pending grant's delete makes no request (nothing was granted)", async () => {
      h.nextRun();
      await h.resource("TeamMember").create({ emailAddress: "gil@example.com" });
      const { result: pending } = await collectingWarnings(() => grant({ emailAddress: "gil@example.com" }));
      h.nextRun();
      const { calls } = await h.counting(() => grants().delete(pending.id, pending.outs));
      assert.deepStrictEqual(calls, []);
    });

    it("claims: switching a grant from emailAddress to accountId in one run keeps it", async () => {
      h.nextRun();
      const byEmail = await grant({ emailAddress: "dan@example.com" });
      h.nextRun(); // the rename's `up`: create of the new name, then delete of the old
      await grant({ accountId: byEmail.outs.accountId });
      const { calls } = await h.counting(() => grants().delete(byEmail.id, byEmail.outs));
      assert.deepStrictEqual(calls, []);
      h.nextRun();
      assert.strictEqual((await grants().read(byEmail.id, byEmail.outs)).props?.status, "granted", "still granted");
    });
  });
}
