/**
 * A grant (TemplateAccess, FaxLineUser) after a lost answer: its add and remove end with the
 * person's access as the program declares, one notification at most (DECISIONS D90). Update
 * sends nothing (every input replaces).
 */
import * as assert from "assert";
import { ProviderHarness } from "./harness";
import { accountIdOf, allLost, LOSSES, loseNextAnswer, mails } from "./lost-answer";

export interface LostGrantSuite {
  type: "TemplateAccess" | "FaxLineUser";
  key: "templateId" | "number";
  makeParent(h: ProviderHarness): Promise<string>;
  /** The add and remove requests as fault rules name them. */
  add: { method: string; path: string };
  remove: { method: string; path: string };
  /** Who holds the parent now (account ids), from the service's state. */
  holders(h: ProviderHarness, parent: string): Promise<string[]>;
  /** The e-mail kind an add sends, if any. */
  mailKind?: string;
}

export function lostGrantSuite(s: LostGrantSuite): void {
  describe(`fast tier: ${s.type} after a lost answer`, () => {
    let h: ProviderHarness;
    let parent: string;
    let alice: string;
    let bea: string;
    beforeEach(async () => {
      h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead();
      await h.resource("Team").create({ name: "Ops" });
      for (const email of ["alice@example.com", "bea@example.com"]) {
        await h.resource("TeamMember").create({ emailAddress: email });
        await h.control("POST", "/invites/accept", { email_address: email });
      }
      [alice, bea] = [await accountIdOf(h, "alice@example.com"), await accountIdOf(h, "bea@example.com")];
      parent = await s.makeParent(h);
      h.nextRun();
    });
    afterEach(async () => h?.close());

    const grants = () => h.resource(s.type);

    for (const loss of LOSSES) {
      describe(`answer ${loss}`, () => {
        it("create gives the access once", async () => {
          await loseNextAnswer(h, s.add.method, s.add.path, loss);
          const made = await grants().create({ [s.key]: parent, emailAddress: "alice@example.com" });
          assert.ok(await allLost(h));
          assert.deepStrictEqual([made.outs.status, made.outs.accountId], ["granted", alice]);
          assert.ok((await s.holders(h, parent)).includes(alice));
          if (s.mailKind) assert.strictEqual(await mails(h, "alice@example.com", s.mailKind), 1);
        });

        it("delete ends with the access withdrawn, without an error; the others keep theirs", async () => {
          const made = await grants().create({ [s.key]: parent, emailAddress: "alice@example.com" });
          await grants().create({ [s.key]: parent, emailAddress: "bea@example.com" });
          h.nextRun();
          await loseNextAnswer(h, s.remove.method, s.remove.path, loss);
          await grants().delete(made.id, made.outs);
          assert.ok(await allLost(h));
          const holders = await s.holders(h, parent);
          assert.ok(!holders.includes(alice) && holders.includes(bea), JSON.stringify(holders));
        });
      });
    }
  });
}
