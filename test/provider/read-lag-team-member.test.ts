/**
 * The team's lag on a new invitation at the fast tier (DECISIONS D120): after add_member, GET
 * /team leaves the invitation out for a while (the service's teamVisibilityDelayMs). The create
 * takes add_member's answer as the proof of the invitation (no failure, one invitation); a
 * refresh right after it waits the invitation out instead of dropping the member from the state
 * (the next up would invite again); a refresh long after the create takes a miss for gone at once.
 */
import * as assert from "assert";
import { ProviderHarness, type Props } from "./support/harness";
import { mails, rows } from "./support/lost-answer";

/** How long the service hides a new invitation, and the provider's bound for the suite (longer). */
const HIDDEN_MS = 2500;
const BOUND_MS = 10_000;

describe("fast tier: TeamMember while the service hides the new invitation", function () {
  this.timeout(60_000);
  let h: ProviderHarness;
  let teamId: string;
  before(async () => (h = await ProviderHarness.start({}, BOUND_MS)));
  after(async () => h?.close());

  /** Each test on a fresh account with its team (made visible at once), then the lag switched on for invitations. */
  beforeEach(async () => {
    await h.control("PUT", "/settings/team_visibility_delay", { delay_ms: 0 });
    const r = await h.control("POST", "/accounts", { plan: "premium" });
    h.set({ "esign:apiKey": r.body.api_key });
    h.nextRun();
    teamId = (await h.resource("Team").create({ name: "Ops" })).id;
    await h.control("PUT", "/settings/team_visibility_delay", { delay_ms: HIDDEN_MS });
    h.nextRun();
  });

  const pendingInvites = async (email: string) =>
    (await rows(h, "teams")).filter((t) => t.team_id === teamId).flatMap((t) => (t.invites as Props[]).filter((i) => i.email_address === email && i.state === "pending")).length;
  /** GET /team answers since `mark` that left the invitation out. */
  const teamReads = (mark: number) => h.requestsSince(mark).filter((e) => e.method === "GET" && e.path === "/v3/team").length;

  it("create: add_member's answer proves the invitation; one invitation, one e-mail, the state records when it was made; a second create does not invite again", async () => {
    const made = await h.resource("TeamMember").create({ emailAddress: "bob@example.com" });
    assert.strictEqual(made.id, `${teamId}/bob@example.com`);
    assert.strictEqual(made.outs.status, "invited");
    assert.strictEqual(typeof made.outs.createdAtMs, "number", "the state records when it was made (the refresh's lag bound)");
    assert.strictEqual(await pendingInvites("bob@example.com"), 1);
    assert.strictEqual(await mails(h, "bob@example.com", "team_invite"), 1);
    // A create of the same person in another run while the invitation is still hidden (a lost
    // state, another stack): add_member again, which the service takes as the same invitation.
    h.nextRun();
    const again = await h.resource("TeamMember").create({ emailAddress: "bob@example.com" });
    assert.strictEqual(again.id, made.id);
    assert.strictEqual(again.outs.status, "invited");
    assert.strictEqual(await pendingInvites("bob@example.com"), 1, "one invitation");
    assert.strictEqual(await mails(h, "bob@example.com", "team_invite"), 1, "one e-mail");
  });

  it("a refresh right after the invitation waits it out and keeps the member, with no second invitation", async () => {
    const made = await h.resource("TeamMember").create({ emailAddress: "carol@example.com" });
    h.nextRun(); // a `pulumi refresh` right away, within the bound of the create
    const mark = h.mark();
    const read = await h.resource("TeamMember").read(made.id, made.outs);
    assert.strictEqual(read.id, made.id, "the hidden invitation is the lag, not a member gone");
    assert.strictEqual(read.props!.status, "invited");
    assert.strictEqual(read.props!.createdAtMs, made.outs.createdAtMs, "kept by the refresh");
    assert.ok(teamReads(mark) > 1, "GET /team read again until it listed the invitation");
    assert.strictEqual(await pendingInvites("carol@example.com"), 1);
    assert.strictEqual(await mails(h, "carol@example.com", "team_invite"), 1, "no second invitation");
  });

  it("a refresh long after the create takes a member missing from the team for gone at once", async () => {
    const made = await h.resource("TeamMember").create({ emailAddress: "dave@example.com" });
    h.nextRun();
    const started = Date.now();
    const read = await h.resource("TeamMember").read(made.id, { ...made.outs, createdAtMs: Date.now() - BOUND_MS - 1000 });
    assert.strictEqual(read.id, "");
    assert.ok(Date.now() - started < BOUND_MS / 2, "no wait for an old member");
  });
});
