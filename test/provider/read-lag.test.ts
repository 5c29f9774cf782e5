/**
 * The service's read-after-create lag at the fast tier (DECISIONS D120, D121): the local service
 * hides each new template, API app and team from every read for a while (its
 * *VisibilityDelayMs options), as the vendor's live tests expect of the real one. For each kind:
 * the create waits and makes one object; a create whose answer is lost while the object is
 * hidden finds it instead of making another; and when the object stays hidden longer than the
 * provider's bound, the failure carries the object's id and state (the engine's partial
 * failure), a refresh within the bound of the create does not take the 404 for "gone", and the
 * update the engine asks for next settles the object without making another.
 */
import * as assert from "assert";
import { ProviderHarness, type Props } from "./support/harness";
import { ndaTemplate } from "./support/fixtures";
import { allLost, loseNextAnswer, rows } from "./support/lost-answer";
import type { ServiceOptions } from "../../service/options";

/**
 * How long the service hides a new object (long enough that a loaded machine still reads it while
 * hidden), and the provider's bound for the suite (longer).
 */
const HIDDEN_MS = 2500;
const BOUND_MS = 10_000;

interface LaggingKind {
  type: string;
  /** The service option that hides it. */
  delay: keyof Pick<ServiceOptions, "templateVisibilityDelayMs" | "apiAppVisibilityDelayMs" | "teamVisibilityDelayMs">;
  inputs: Props;
  /** The create's method and path (a fault rule's). */
  create: [string, string];
  /** The read that lags (a GET's path as the request log has it, by its start). */
  read: string;
  /** The service's table, and whether a row is the account's. */
  table: string;
  mine(row: Props, accountId: string): boolean;
  /**
   * Keeps the object hidden past a short bound and then, for the refresh, hidden a little
   * longer: by default the service's lag does both. The team's id is read first (GET
   * /team/info), so the lag is put on GET /team alone (faults): hidden at /team/info as well,
   * the team would have no id to record (its error says to add adopt: true instead).
   */
  hideLonger?(h: ProviderHarness): Promise<{ refresh(): Promise<void>; done(): Promise<void> }>;
}

/** A 404 `not_found` of GET `path`, `count` times (the lag as a fault rule). */
const hide = async (h: ProviderHarness, path: string, count: number) => {
  await h.control("POST", "/faults", { method: "GET", path, status: 404, error_name: "not_found", error_msg: "Team does not exist", count });
};

const KINDS: LaggingKind[] = [
  {
    type: "Template",
    delay: "templateVisibilityDelayMs",
    inputs: ndaTemplate(),
    create: ["POST", "/template/create"],
    read: "/v3/template/",
    table: "templates",
    mine: (t, id) => t.owner_account_id === id,
  },
  {
    type: "ApiApp",
    delay: "apiAppVisibilityDelayMs",
    inputs: { name: "Lagging portal", domains: ["portal.example.com"] },
    create: ["POST", "/api_app"],
    read: "/v3/api_app/",
    table: "api_apps",
    mine: (a, id) => a.owner_account_id === id,
  },
  {
    type: "Team",
    delay: "teamVisibilityDelayMs",
    inputs: { name: "Lagging team" },
    create: ["POST", "/team/create"],
    read: "/v3/team",
    table: "teams",
    mine: (t, id) => (t.members as Props[]).some((m) => m.account_id === id),
    async hideLonger(h) {
      await h.control("PUT", "/settings/team_visibility_delay", { delay_ms: 0 });
      await hide(h, "/team", 1000);
      return {
        refresh: async () => {
          await h.control("DELETE", "/faults");
          await hide(h, "/team", 2);
        },
        done: async () => {
          await h.control("DELETE", "/faults");
          await h.control("PUT", "/settings/team_visibility_delay", { delay_ms: HIDDEN_MS });
        },
      };
    },
  },
];

for (const kind of KINDS) {
  describe(`fast tier: ${kind.type} while the service hides it after its create`, function () {
    this.timeout(60_000);
    let h: ProviderHarness;
    let accountId: string;
    before(async () => (h = await ProviderHarness.start({ [kind.delay]: HIDDEN_MS, templateProcessingMs: 0 }, BOUND_MS)));
    after(async () => h?.close());

    /** Each test on a fresh account (one team per account), in a new run. */
    beforeEach(async () => {
      const r = await h.control("POST", "/accounts", { plan: "premium" });
      accountId = r.body.account_id;
      h.set({ "esign:apiKey": r.body.api_key });
      h.nextRun();
    });

    const objects = async () => (await rows(h, kind.table)).filter((row) => kind.mine(row, accountId));
    /** The 404s the lag gave the provider's reads since `mark`. */
    const hiddenReads = (mark: number) => h.requestsSince(mark).filter((e) => e.method === "GET" && e.path.startsWith(kind.read) && e.status === 404).length;

    it("create waits until the object is readable: one object, its state as declared", async () => {
      const mark = h.mark();
      const made = await h.resource(kind.type).create(kind.inputs);
      assert.ok(hiddenReads(mark) > 0, "the service hid it at first");
      assert.deepStrictEqual(
        (await objects()).map((o) => o.template_id ?? o.client_id ?? o.team_id),
        [made.id],
      );
      assert.strictEqual(made.outs[kind.type === "Template" ? "title" : "name"], kind.inputs[kind.type === "Template" ? "title" : "name"]);
      assert.strictEqual(typeof made.outs.createdAtMs, "number", "the state records when it was made");
    });

    it("a create whose answer is lost while the object is hidden finds it instead of making another", async () => {
      await loseNextAnswer(h, ...kind.create, "dropped");
      const made = await h.resource(kind.type).create(kind.inputs);
      assert.ok(await allLost(h));
      assert.deepStrictEqual(
        (await objects()).map((o) => o.template_id ?? o.client_id ?? o.team_id),
        [made.id],
      );
    });

    it("a lost create the service never committed is sent again only once the bound has passed: one object", async () => {
      const bound = HIDDEN_MS + 1500; // shorter than the suite's, still longer than the service's lag
      h.nextRun(bound);
      await h.control("POST", "/faults", { method: kind.create[0], path: kind.create[1], drop: true, count: 1 });
      const started = Date.now();
      const made = await h.resource(kind.type).create(kind.inputs);
      assert.ok(await allLost(h));
      assert.ok(Date.now() - started >= bound, "not listed is no proof until the bound has passed");
      assert.deepStrictEqual(
        (await objects()).map((o) => o.template_id ?? o.client_id ?? o.team_id),
        [made.id],
      );
    });

    it("hidden past the bound: the failure carries the id; a refresh within the bound reads it; the next update settles it", async () => {
      const hidden = (await kind.hideLonger?.(h)) ?? { refresh: async () => {}, done: async () => {} };
      h.nextRun(HIDDEN_MS / 5); // a bound much shorter than the service's lag
      const failed = await h
        .resource(kind.type)
        .create(kind.inputs)
        .then(
          () => assert.fail("the create should fail"),
          (e: { id?: string; properties?: Props; reasons?: string[]; message: string }) => e,
        );
      const [object] = await objects();
      assert.ok(object, "the service made it");
      const id = object.template_id ?? object.client_id ?? object.team_id;
      assert.strictEqual(failed.id, id, "the engine's partial failure names the object");
      assert.match(failed.message, /still not readable .* the service made it .* the next `pulumi up` continues from it/);
      assert.deepStrictEqual(failed.reasons, [failed.message]);
      const state = failed.properties!;
      assert.ok(state.__provider !== undefined || "__provider" in state, "the dynamic host adds __provider, which refresh and delete read");
      assert.strictEqual(typeof state.createdAtMs, "number");
      assert.strictEqual(state.managingAccountId, accountId);

      await hidden.refresh();
      h.nextRun(); // a refresh right away, within the bound of the create: the 404 is the lag, not "gone"
      const mark = h.mark();
      const read = await h.resource(kind.type).read(id, state);
      assert.strictEqual(read.id, id);
      const outs = await h.resource(kind.type).update(id, read.props!, kind.inputs);
      assert.strictEqual(outs.createdAtMs, state.createdAtMs);
      assert.ok(hiddenReads(mark) > 0, "the refresh met the lag");
      assert.strictEqual((await objects()).length, 1, "no second object");
      await hidden.done();
    });

    it("a refresh long after the create takes a 404 for gone at once", async () => {
      const made = await h.resource(kind.type).create(kind.inputs);
      h.nextRun();
      const started = Date.now();
      await h.control("POST", "/faults", { method: "GET", path: kind.read.slice(3) + (kind.type === "Team" ? "" : "**"), status: 404, error_name: "not_found", count: 50 });
      const read = await h.resource(kind.type).read(made.id, { ...made.outs, createdAtMs: Date.now() - BOUND_MS - 1000 });
      await h.control("DELETE", "/faults");
      assert.strictEqual(read.id, "");
      assert.ok(Date.now() - started < BOUND_MS / 2, "no wait for an old object");
    });
  });
}
