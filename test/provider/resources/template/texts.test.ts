/**
 * A template's title, subject, message and cc roles (fast tier, D123). The documented API
 * changes none of them in place: by default each change is a replacement, through update_files
 * (a new template overlaid on the old one) when only the subject, message or files changed to
 * what update_files takes, else a fresh create; no default path sends the hidden
 * POST /template/update/{id}. With esign:legacyTemplateUpdate the texts update in place through
 * it, and its absence (404, 405) is said in one line naming the route and the setting, never
 * as the template being gone. Adoption follows the same rule.
 */
import * as assert from "assert";
import { ProviderHarness, type Created } from "../../support/harness";
import { ndaTemplate } from "../../support/fixtures";
import { rows } from "../../support/lost-answer";
import { UPDATE_FILES_SUBJECT_MAX_LENGTH } from "../../../../contract";

const LEGACY = "esign:legacyTemplateUpdate";
const hidden = (calls: string[]) => calls.filter((c) => /\/template\/update\//.test(c));
const writes = (calls: string[]) => calls.filter((c) => !c.startsWith("GET "));

describe("fast tier: Template texts (D123)", () => {
  for (const dialect of ["current", "sdk-2025"] as const) {
    describe(`by default, on a service ${dialect === "current" ? "without" : "with"} the hidden route`, () => {
      let h: ProviderHarness;
      const templates = () => h.resource("Template");
      before(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0, responseDialect: dialect })).ignoringPinRead()));
      after(async () => h?.close());

      const base = ndaTemplate({ subject: "Please sign", message: "Thanks", ccRoles: ["Legal"] });

      /** diff then create, as the engine's replace does, and the old one's delete: the calls, the new template and what the service holds. */
      async function replaced(news: Record<string, unknown>): Promise<{ replaces: string[]; calls: string[]; made: Created; old: Created }> {
        h.nextRun();
        const old = await templates().create(base);
        h.nextRun();
        const diff = await templates().diff(old.id, old.outs, news);
        const { result: made, calls } = await h.counting(() => templates().create(news));
        await templates().delete(old.id, old.outs);
        return { replaces: diff.replaces ?? [], calls, made, old };
      }

      const cases: { title: string; set: Record<string, unknown>; replaces: string[]; through: "update_files" | "create" }[] = [
        { title: "a new title: a fresh template (update_files keeps the old title)", set: { title: "NDA 2" }, replaces: ["title"], through: "create" },
        { title: "a new subject: update_files, which takes it", set: { subject: "Sign, please" }, replaces: ["subject"], through: "update_files" },
        { title: "a new message: update_files, which takes it", set: { message: "Thank you" }, replaces: ["message"], through: "update_files" },
        { title: "subject and message: update_files", set: { subject: "S2", message: "M2" }, replaces: ["subject", "message"], through: "update_files" },
        { title: "a cleared message: a fresh template (update_files cannot clear one)", set: { message: "" }, replaces: ["message"], through: "create" },
        {
          title: "a subject longer than update_files takes: a fresh template",
          set: { subject: "s".repeat(UPDATE_FILES_SUBJECT_MAX_LENGTH + 1) },
          replaces: ["subject"],
          through: "create",
        },
        { title: "new cc roles: a fresh template", set: { ccRoles: ["Legal", "Finance"] }, replaces: ["ccRoles"], through: "create" },
        { title: "title, subject and message: a fresh template", set: { title: "NDA 2", subject: "S2", message: "M2" }, replaces: ["title", "subject", "message"], through: "create" },
      ];
      for (const c of cases) {
        it(c.title, async () => {
          const news = { ...base, ...c.set };
          const { replaces, calls, made, old } = await replaced(news);
          assert.deepStrictEqual([...replaces].sort(), [...c.replaces].sort());
          assert.deepStrictEqual(hidden(calls), [], "never the hidden route");
          const expected = c.through === "create" ? "POST /v3/template/create" : `POST /v3/template/update_files/${old.id}`;
          assert.deepStrictEqual(writes(calls), [expected]);
          assert.notStrictEqual(made.id, old.id);
          const held = (await rows(h, "templates")).find((t) => t.template_id === made.id)!;
          const given: Record<string, unknown> = news;
          assert.strictEqual(held.title, given.title);
          assert.strictEqual(held.subject ?? undefined, given.subject);
          assert.strictEqual(held.message ?? undefined, given.message);
          assert.deepStrictEqual(made.outs.ccRoles, given.ccRoles);
          h.nextRun();
          const after = await templates().diff(made.id, made.outs, news);
          assert.strictEqual(after.changes, false, "a second preview shows no change");
        });
      }
    });
  }

  describe("esign:legacyTemplateUpdate (the hidden route, opted in)", () => {
    let h: ProviderHarness;
    const templates = () => h.resource("Template");
    afterEach(async () => h?.close());
    const start = async (dialect: "current" | "sdk-2025") => {
      h = (await ProviderHarness.start({ templateProcessingMs: 0, responseDialect: dialect })).ignoringPinRead();
      h.set({ [LEGACY]: "true" });
    };

    it("a text change is an update in place through POST /template/update; the id stays", async () => {
      await start("sdk-2025");
      const t = await templates().create(ndaTemplate());
      h.nextRun();
      const news = ndaTemplate({ title: "NDA 2", message: "M", ccRoles: ["Legal"] });
      const diff = await templates().diff(t.id, t.outs, news);
      assert.deepStrictEqual([diff.changes, diff.replaces], [true, []]);
      const { result, calls } = await h.counting(() => templates().update(t.id, t.outs, news));
      assert.deepStrictEqual(writes(calls), [`POST /v3/template/update/${t.id}`]);
      assert.strictEqual(result.templateId, t.id);
      assert.strictEqual(result.title, "NDA 2");
      const withFiles = await templates().diff(t.id, t.outs, { ...news, fileUrls: ["https://files.example.com/x.pdf"], files: undefined });
      assert.ok(withFiles.replaces?.includes("fileUrls"), "content beside the texts still replaces");
    });

    const absent = [
      { status: 404, how: "a service without the route (404 Invalid URI)", dialect: "current" as const, fault: undefined },
      { status: 405, how: "a service that answers 405", dialect: "sdk-2025" as const, fault: { status: 405, error_name: "method_not_supported", error_msg: "POST is not supported for this URI" } },
    ];
    for (const a of absent) {
      it(`${a.how}: one line naming the route and the setting, never "gone"; the template and its state unchanged`, async () => {
        await start(a.dialect);
        const t = await templates().create(ndaTemplate());
        if (a.fault) assert.strictEqual((await h.control("POST", "/faults", { method: "POST", path: "/template/update/*", ...a.fault })).status, 201);
        h.nextRun();
        const error: Error = await templates()
          .update(t.id, t.outs, ndaTemplate({ title: "NDA 2" }))
          .then(
            () => assert.fail("the update succeeded"),
            (e: Error) => e,
          );
        assert.strictEqual(error.message.split("\n").length, 1, error.message);
        assert.match(error.message, /POST \/template\/update\/\{template_id\}/);
        assert.match(error.message, new RegExp(`\\(${a.status}\\)`));
        assert.match(error.message, /esign:legacyTemplateUpdate/);
        assert.doesNotMatch(error.message, /gone|deleted outside/);
        h.nextRun();
        assert.strictEqual((await templates().read(t.id, t.outs)).props?.title, "NDA", "the service still holds the old title");
      });
    }

    it("a template deleted outside the stack is still said to be gone", async () => {
      await start("sdk-2025");
      const t = await templates().create(ndaTemplate());
      assert.strictEqual((await h.control("DELETE", `/templates/${t.id}`)).status, 200);
      h.nextRun();
      await assert.rejects(templates().update(t.id, t.outs, ndaTemplate({ title: "NDA 2" })), /gone from the service/);
    });
  });

  describe("adoption (templateId)", () => {
    let h: ProviderHarness;
    const templates = () => h.resource("Template");
    before(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0, responseDialect: "sdk-2025" })).ignoringPinRead()));
    after(async () => h?.close());

    it("by default, declared texts unlike the template's fail the create in one line naming the field and the ways out, with no write", async () => {
      const t = await templates().create(ndaTemplate());
      h.nextRun();
      const since = h.mark();
      await assert.rejects(templates().create(ndaTemplate({ templateId: t.id, title: "Other" })), (e: Error) => {
        assert.match(e.message, /title "Other" is not the template's "NDA"/);
        assert.match(e.message, /web UI/);
        assert.match(e.message, /esign:legacyTemplateUpdate/);
        return true;
      });
      assert.deepStrictEqual(writes(h.requestsSince(since).map((r) => `${r.method} ${r.path}`)), []);
    });

    it("by default, a text change of an adopted template fails the diff naming the field and the ways out", async () => {
      h.nextRun();
      const t = await templates().create(ndaTemplate());
      const adopted = await templates().create(ndaTemplate({ templateId: t.id }));
      h.nextRun();
      const check = await templates().check(ndaTemplate({ templateId: t.id, message: "M" }), adopted.outs);
      assert.deepStrictEqual(check.failures ?? [], [], "check leaves texts to diff, which knows the setting");
      await assert.rejects(templates().diff(t.id, adopted.outs, ndaTemplate({ templateId: t.id, message: "M" })), /message changed: .*web UI.*esign:legacyTemplateUpdate/);
    });

    it("with esign:legacyTemplateUpdate, adoption brings the texts in line through the hidden route, and a text change updates in place", async () => {
      h.nextRun();
      const t = await templates().create(ndaTemplate());
      h.set({ [LEGACY]: "true" });
      try {
        h.nextRun();
        const { result: adopted, calls } = await h.counting(() => templates().create(ndaTemplate({ templateId: t.id, title: "Other" })));
        assert.deepStrictEqual(writes(calls), [`POST /v3/template/update/${t.id}`]);
        assert.strictEqual(adopted.outs.title, "Other");
        const diff = await templates().diff(t.id, adopted.outs, ndaTemplate({ templateId: t.id, title: "Third" }));
        assert.deepStrictEqual([diff.changes, diff.replaces], [true, []]);
      } finally {
        h.set({ [LEGACY]: undefined });
      }
    });
  });
});
