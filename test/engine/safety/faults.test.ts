/**
 * Faults survived, through the real engine:
 * (a) 10% 5xx answers (half of them AFTER the service committed the change) and bursts of 429
 *     on every route during an `up` of 100 resources (80 team members, 20 API apps); faults
 *     stay ON for a second `up`, which converges; the account then holds exactly the declared
 *     objects (no duplicates) and, with faults cleared, refresh + `preview --expect-no-changes`
 *     show that state matches the service.
 * (b) the connection drops after the service committed a create: an ApiApp's create finds the
 *     app it made in the same run (an app that was not there before it sent), a TeamMember's
 *     next `up` finds the invitation in place and takes it over; neither makes a second copy.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const MEMBERS = 80;
const APPS = 20;
const email = (i: number) => `member${i}@example.com`;

/** The start account's own apps, straight from the service (no faults: the control plane). */
async function appsInService(svc: LocalService): Promise<{ client_id: string; name: string }[]> {
  const state = await svc.control("GET", "/state");
  const rows: any[] = Object.values(state.tables?.api_apps ?? state.api_apps ?? {});
  return rows.filter((a) => a.owner_account_id === svc.accountId);
}

/** Pending invitations of the team, by e-mail (one per person if nothing was duplicated). */
async function invitedEmails(svc: LocalService): Promise<string[]> {
  const invites = (await api(svc).get("/team/invites")).data.team_invites ?? [];
  return invites.filter((i: any) => !i.redeemed_at).map((i: any) => String(i.email_address).toLowerCase());
}

/** Runs `up`; a failure is returned (with the engine's error lines), not thrown. */
async function upOutcome(t: TestStack): Promise<{ ok: boolean; errors: string }> {
  try {
    await t.stack.up();
    return { ok: true, errors: "" };
  } catch (error) {
    const lines = String(error)
      .split("\n")
      .filter((l) => /^\s*error: /.test(l));
    return { ok: false, errors: [...new Set(lines.map((l) => l.trim()))].slice(0, 5).join("; ") };
  }
}

describe("engine: faults during up (10% 5xx, bursts of 429)", function () {
  this.timeout(300_000);
  let svc: LocalService;
  let t: TestStack;
  let teamId: string;
  let bursts: NodeJS.Timeout | undefined;

  before(async () => {
    // A limit far above what the test sends: only the injected 429s are in play. (Without a limit
    // the service still counts Remaining down to 0, and the client rightly pauses until the reset.)
    svc = await localService({ rateLimit: 100_000 });
    await api(svc).post("/team/create", { name: "Faults" });
    teamId = (await api(svc).get("/team/info")).data.team.team_id;
    t = await newStack(
      "faults-a",
      () => {
        for (let i = 0; i < MEMBERS; i++) new esign.TeamMember(`m${i}`, { teamId, emailAddress: email(i) });
        for (let i = 0; i < APPS; i++) new esign.ApiApp(`app${i}`, { name: `Faulty app ${i}`, domains: ["example.com"] });
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    clearInterval(bursts);
    await svc?.control("DELETE", "/faults");
    await t?.dispose();
    await svc?.close();
  });

  it("converges with faults on, creates no duplicates, and state matches the service", async () => {
    // First matching rule wins: ~5% 429 (reset in 1 s), then ~5% 500 before and ~5% 503 after the commit.
    await svc.control("POST", "/faults", { path: "/**", status: 429, ratio: 0.05, reset_after_s: 1 });
    await svc.control("POST", "/faults", { path: "/**", status: 500, ratio: 0.05 });
    await svc.control("POST", "/faults", { path: "/**", status: 503, ratio: 0.05, after: true });
    // Bursts, as when another client of the account used up the window: every 4 s, 1 s of 429s for everything.
    bursts = setInterval(() => void svc.control("POST", "/faults", { path: "/**", status: 429, duration_ms: 1000 }), 4000);

    const first = await upOutcome(t);
    const second = await upOutcome(t);
    clearInterval(bursts);
    const injected = (await svc.requestsSince(0, svc.accountId)).filter((r: any) => r.status === 429 || r.status >= 500);
    assert.ok(injected.length >= 10, `faults were injected (${injected.length} answers)`);
    assert.ok(second.ok, `the second up converges (first: ${first.ok ? "succeeded" : first.errors}; second: ${second.errors})`);

    await svc.control("DELETE", "/faults");
    const emails = await invitedEmails(svc);
    assert.strictEqual(emails.length, MEMBERS, "one invitation per declared member");
    assert.deepStrictEqual(new Set(emails), new Set(Array.from({ length: MEMBERS }, (_, i) => email(i))));
    const apps = await appsInService(svc);
    assert.deepStrictEqual(apps.map((a) => a.name).sort(), Array.from({ length: APPS }, (_, i) => `Faulty app ${i}`).sort(), "exactly the declared apps, no duplicates");

    await t.stack.refresh();
    await t.stack.preview({ expectNoChanges: true });
    const state = await t.stack.exportStack();
    const ids = (state.deployment.resources ?? [])
      .filter((r: any) => String(r.type).endsWith("esign:ApiApp"))
      .map((r: any) => r.id)
      .sort();
    assert.deepStrictEqual(ids, apps.map((a) => a.client_id).sort(), `state holds the service's apps: ${JSON.stringify({ ids, apps })}`);
  });
});

describe("engine: the connection drops after a create was committed", function () {
  this.timeout(300_000);
  let svc: LocalService;
  let t: TestStack;
  let teamId: string;

  before(async () => {
    // A limit far above what the test sends: only the injected 429s are in play. (Without a limit
    // the service still counts Remaining down to 0, and the client rightly pauses until the reset.)
    svc = await localService({ rateLimit: 100_000 });
    await api(svc).post("/team/create", { name: "Drops" });
    teamId = (await api(svc).get("/team/info")).data.team.team_id;
    t = await newStack(
      "faults-b",
      () => {
        new esign.TeamMember("carol", { teamId, emailAddress: "carol@example.com" });
        new esign.ApiApp("portal", { name: "Portal", domains: ["example.com"] });
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await svc?.control("DELETE", "/faults");
    await t?.dispose();
    await svc?.close();
  });

  it("the app's create keeps the app it made; the next up takes the member over instead of inviting again", async () => {
    // add_member is idempotent, so the client retries it: drop all 4 attempts (3 retries).
    await svc.control("POST", "/faults", { method: "PUT", path: "/team/add_member", drop: true, after: true, count: 4 });
    // api_app.create is not retried blindly: after the lost answer the provider reads the list
    // again and keeps the app that was not there before it sent (D8).
    await svc.control("POST", "/faults", { method: "POST", path: "/api_app", drop: true, after: true, count: 1 });
    const lost = await upOutcome(t);
    assert.ok(!lost.ok && /add_member/.test(lost.errors) && !/api_app/.test(lost.errors), `only the member's create failed: ${lost.errors}`);
    assert.strictEqual((await svc.requestsSince(0, svc.accountId)).filter((r: any) => r.status === 0).length, 5, "5 dropped connections");
    assert.deepStrictEqual(await invitedEmails(svc), ["carol@example.com"], "the invitation was committed");
    assert.strictEqual((await appsInService(svc)).length, 1, "the app was committed once");
    assert.strictEqual((await t.resource("portal")).clientId, (await appsInService(svc))[0].client_id, "and is in state");

    await svc.control("DELETE", "/faults");
    const seq = await svc.lastSeq();
    await t.stack.up();
    const writes = (await svc.requestsSince(seq, svc.accountId)).filter((r) => r.method !== "GET");
    assert.deepStrictEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [],
      "taken over: no second add_member or api_app create",
    );
    assert.deepStrictEqual(await invitedEmails(svc), ["carol@example.com"]);
    const apps = await appsInService(svc);
    assert.strictEqual(apps.length, 1, "still one app");
    assert.strictEqual((await t.resource("portal")).clientId, apps[0].client_id, "state holds the committed app");
    assert.strictEqual((await t.resource("carol")).status, "invited");
    await t.stack.preview({ expectNoChanges: true });
  });
});
