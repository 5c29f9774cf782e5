/**
 * A team the service hides past the provider's bound (DECISIONS D120, D121): its id is read from
 * GET /team/info, which the lag hides too, so the run's failure has no id to record and says to
 * add `adopt: true`. The create's own answer (POST /team/create: a TeamGetResponse) has no team
 * id, only its accounts' team_id where the description's AccountResponse lists it; no recording
 * has it, nor does the local service. Here a proxy in front of the local service adds it, as a
 * service following the description would: the failure then carries the id and the engine
 * records the team.
 */
import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import { ProviderHarness, type Props } from "./support/harness";
import { rows } from "./support/lost-answer";

/** The service hides a new team far longer than the provider's bound. */
const HIDDEN_MS = 20_000;
const BOUND_MS = 500;

/** A proxy to `target` (the service's root) whose team/create answer states `teamIdOf()` in each account. */
async function statingTeamId(target: string, teamIdOf: () => Promise<string | undefined>): Promise<{ baseUrl: string; close(): void }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(["authorization", "content-type", "accept"].flatMap((k) => (req.headers[k] ? [[k, String(req.headers[k])]] : [])));
    const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    let text = await upstream.text();
    if (req.method === "POST" && req.url?.startsWith("/v3/team/create") && upstream.status === 200) {
      const body = JSON.parse(text) as { team: { accounts?: Props[] } };
      const teamId = await teamIdOf();
      for (const account of body.team.accounts ?? []) account.team_id = teamId;
      text = JSON.stringify(body);
    }
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("fast tier: a team whose id the service does not show within the bound", function () {
  this.timeout(60_000);
  let h: ProviderHarness;
  before(async () => (h = await ProviderHarness.start({ teamVisibilityDelayMs: HIDDEN_MS }, BOUND_MS)));
  after(async () => h?.close());

  /** A fresh account (one team per account); its team's id as the service's table has it. */
  async function account(): Promise<{ key: string; teamId: () => Promise<string | undefined> }> {
    const r = await h.control("POST", "/accounts", { plan: "premium" });
    const mine = async () => (await rows(h, "teams")).find((t) => (t.members as Props[]).some((m) => m.account_id === r.body.account_id))?.team_id as string | undefined;
    return { key: r.body.api_key, teamId: mine };
  }

  const failedCreate = () =>
    h
      .resource("Team")
      .create({ name: "Ops" })
      .then(
        () => assert.fail("the create should fail"),
        (e: { id?: string; properties?: Props; message: string }) => e,
      );

  it("the create's answer states the id (its accounts' team_id): the failure carries it, and the engine records the team", async () => {
    const { key, teamId } = await account();
    const proxy = await statingTeamId(h.svc.url, teamId);
    try {
      h.set({ "esign:apiKey": key, "esign:baseUrl": proxy.baseUrl });
      h.nextRun();
      const failed = await failedCreate();
      const made = await teamId();
      assert.ok(made, "the service made it");
      assert.strictEqual(failed.id, made, "the partial failure names the team");
      assert.match(failed.message, /the service made it .* the next `pulumi up` continues from it/);
      assert.strictEqual(failed.properties!.teamId, made);
    } finally {
      proxy.close();
    }
  });

  it("an answer without it (as recorded): the failure has no id and says to add adopt: true", async () => {
    const { key, teamId } = await account();
    h.set({ "esign:apiKey": key, "esign:baseUrl": h.svc.baseUrl });
    h.nextRun();
    const failed = await failedCreate();
    assert.ok(await teamId(), "the service made it");
    assert.strictEqual(failed.id, undefined);
    assert.match(failed.message, /did not say its id; add adopt: true/);
  });
});
