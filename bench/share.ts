/**
 * The fair share of a shared account (issue 24 item 6, D65): `up` and `destroy` of N team
 * members at the real limit (100 a minute, unscaled: the share is a share of the stated limit,
 * and the window is the real minute) with the provider at its default pace (no
 * esign:requestsPerMinute), optionally beside "production" traffic on the same account: a
 * steady caller of GET /signature_request/list at P requests a minute. Prints one Markdown
 * row per phase: our requests, 429s and achieved rate, production's requests and 429s, wall time.
 *
 *   node scripts/run-ts.js bench/share.ts [--n 300] [--production 60] [--phases up,destroy] [--pace 100]
 */
import { newStack } from "../test/helpers/engine";
import { localService, type LocalService } from "../test/helpers/local";
import { scenarios } from "./engine/scenarios";

const REAL_LIMIT_PER_MINUTE = 100;
const PRODUCTION_OPERATION = "signature_request.list";

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** A steady caller on the same account until stopped; counts its answers by status. */
function production(svc: LocalService, perMinute: number): { stop: () => Promise<{ sent: number; limited: number; failed: number }> } {
  const auth = `Basic ${Buffer.from(`${svc.apiKey}:`).toString("base64")}`;
  const counts = { sent: 0, limited: 0, failed: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped && perMinute > 0) {
      try {
        const r = await fetch(`${svc.baseUrl}/signature_request/list`, { headers: { Authorization: auth } });
        await r.arrayBuffer();
        counts.sent += 1;
        if (r.status === 429) counts.limited += 1;
      } catch {
        counts.failed += 1; // a dropped keep-alive connection: not an answer, not ours to count
      }
      await new Promise((resolve) => setTimeout(resolve, 60_000 / perMinute));
    }
  })();
  return { stop: async () => ((stopped = true), await loop, counts) };
}

async function main(argv: string[]): Promise<void> {
  const n = Number(option(argv, "--n") ?? 300);
  const productionPerMinute = Number(option(argv, "--production") ?? 0);
  const phases = (option(argv, "--phases") ?? "up,destroy").split(",");
  const pace = option(argv, "--pace");
  const scenario = scenarios.find((s) => s.name === "team members")!;
  const svc = await localService({ rateLimit: REAL_LIMIT_PER_MINUTE });
  const rows: string[] = [];
  try {
    const parents = await scenario.setup(svc, n);
    svc.app.rateLimiter.reset();
    // The test helpers' config sets a pace for an unlimited service; the default is what is measured here.
    const { "esign:requestsPerMinute": _testPace, ...config } = svc.stackConfig();
    if (pace) config["esign:requestsPerMinute"] = { value: pace };
    const t = await newStack(`share-${n}-${productionPerMinute}`, () => scenario.program(n, parents), { config });
    try {
      for (const phase of phases) {
        const since = await svc.lastSeq();
        const prod = production(svc, productionPerMinute);
        const started = Date.now();
        let ok = true;
        try {
          await (phase === "up" ? t.stack.up() : t.stack.destroy());
        } catch (error) {
          ok = false;
          console.error(`share: ${phase} failed: ${String(error).slice(0, 2000)}`);
        }
        const wallMs = Date.now() - started;
        const theirs = await prod.stop();
        const log = (await svc.requestsSince(since, svc.accountId)) as unknown as { time: number; status: number; operation: string | null }[];
        const ours = log.filter((r) => r.operation !== PRODUCTION_OPERATION);
        const spanMs = ours.length > 1 ? ours[ours.length - 1].time - ours[0].time : 0;
        const rate = spanMs >= 1000 ? Math.round(((ours.length - 1) * 60_000) / spanMs) : 0;
        const row = `| ${n} | ${pace ?? "default (half)"} | ${productionPerMinute || "-"} | ${phase}${ok ? "" : " FAILED"} | ${ours.length} | ${ours.filter((r) => r.status === 429).length} | ${rate} | ${theirs.sent} | ${theirs.limited} | ${(wallMs / 1000).toFixed(0)} |`;
        // Our requests per wall-clock minute (the service's windows), to see the pace settle.
        const perWindow = new Map<number, number>();
        for (const r of ours) perWindow.set(Math.floor(r.time / 60_000), (perWindow.get(Math.floor(r.time / 60_000)) ?? 0) + 1);
        console.error(`share: ${row} per window: ${[...perWindow.values()].join(",")}; production network errors: ${theirs.failed}`);
        rows.push(row);
      }
    } finally {
      await t.dispose({ skipDestroy: !phases.includes("destroy") });
    }
  } finally {
    await svc.close();
  }
  console.log("| N | esign:requestsPerMinute | production req/min | phase | our requests | our 429s | our req/min | production requests | production 429s | wall s |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
