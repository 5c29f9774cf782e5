/**
 * The local service's own speed on loopback: a read (GET /v3/api_app/list) and a write
 * (PUT /v3/api_app/{id}) against the same load on a bare Node server answering the very bytes
 * the service answered to that request (its transport floor: same connections, same answer size).
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import { procStat } from "../support/proc";
import { load, type LoadFigures, type LoadTarget } from "./load";

export interface ServerFigures extends LoadFigures {
  /**
   * The server process's CPU time (user + system, /proc) per answered request, in µs: what a
   * request costs the server whatever else runs on the machine (req/s falls with contention).
   */
  cpuUsPerRequest?: number;
}

export interface SpeedRow {
  name: string;
  service: ServerFigures;
  floor: ServerFigures;
}

async function measured(child: ChildProcess, target: LoadTarget, connections: number, durationMs: number): Promise<ServerFigures> {
  const before = procStat(child.pid)?.cpuSeconds;
  const figures = await load(target, connections, durationMs);
  const after = procStat(child.pid)?.cpuSeconds;
  const cpu = before === undefined || after === undefined ? undefined : ((after - before) * 1e6) / Math.max(1, figures.answered);
  return { ...figures, cpuUsPerRequest: cpu };
}

/**
 * Starts a server in a child process and waits until it says where it listens: the service as
 * users run it (its CLI, dist/service/main.js, in memory, no rate limit), or serve.js's bare
 * Node server answering `bodies`. `nodeFlags` go to node (profiles, GC traces).
 */
export function serve(
  kind: "service" | "plain",
  bodies?: { GET: string; PUT: string },
  nodeFlags: string[] = [],
): Promise<{ child: ChildProcess; url: string; apiKey?: string; output: () => string }> {
  const script = kind === "service" ? [path.join(__dirname, "..", "..", "dist", "service", "main.js"), "--port", "0"] : [path.join(__dirname, "serve.js")];
  const child = spawn(process.execPath, [...nodeFlags, ...script], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ESIGN_BENCH_BODIES: JSON.stringify(bodies ?? {}) },
  });
  let out = "";
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      out += String(chunk);
      const output = () => out;
      if (kind === "plain") {
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve({ child, output, ...JSON.parse(line) });
        return;
      }
      // The CLI's banner: "... listening on http://127.0.0.1:PORT/v3", then "api key: KEY  (...)".
      const url = /listening on (http:\/\/[^\s]+)\/v3/.exec(out)?.[1];
      const apiKey = /api key: (\S+)/.exec(out)?.[1];
      if (url && apiKey) resolve({ child, url, apiKey, output });
    });
    child.on("exit", (code) => reject(new Error(`serve ${kind} exited with ${code}: ${out}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Makes the page of 10 API apps the read lists; returns the headers and the app the write renames. */
export async function seedApps(url: string, apiKey: string): Promise<{ auth: Record<string, string>; json: Record<string, string>; clientId: string }> {
  const auth = { Authorization: `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}` };
  const json = { ...auth, "Content-Type": "application/json" };
  let clientId = "";
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${url}/v3/api_app`, { method: "POST", headers: json, body: JSON.stringify({ name: `Load ${i}`, domains: ["example.com"] }) });
    clientId = ((await res.json()) as { api_app: { client_id: string } }).api_app.client_id;
  }
  return { auth, json, clientId };
}

export async function measureServiceSpeed(connections: number, durationMs: number): Promise<SpeedRow[]> {
  const service = await serve("service");
  let plain: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    const { auth, json, clientId } = await seedApps(service.url, service.apiKey!);
    const body = JSON.stringify({ name: "Renamed under load" });
    // The floor answers what the service answers: the same bytes for the read and the write.
    const put = await (await fetch(`${service.url}/v3/api_app/${clientId}`, { method: "PUT", headers: json, body })).text();
    const list = await (await fetch(`${service.url}/v3/api_app/list`, { headers: auth })).text();
    plain = await serve("plain", { GET: list, PUT: put });
    const cases: { name: string; service: LoadTarget; floor: LoadTarget }[] = [
      { name: "read: GET /v3/api_app/list", service: { method: "GET", url: `${service.url}/v3/api_app/list`, headers: auth }, floor: { method: "GET", url: `${plain.url}/` } },
      {
        name: "write: PUT /v3/api_app/{id}",
        service: { method: "PUT", url: `${service.url}/v3/api_app/${clientId}`, headers: json, body },
        floor: { method: "PUT", url: `${plain.url}/`, headers: { "Content-Type": "application/json" }, body },
      },
    ];
    const rows: SpeedRow[] = [];
    for (const c of cases) {
      rows.push({
        name: c.name,
        service: await measured(service.child, c.service, connections, durationMs),
        floor: await measured(plain.child, c.floor, connections, durationMs),
      });
      console.error(`bench: ${c.name}: ${rows[rows.length - 1].service.perSecond.toFixed(0)} req/s`);
    }
    return rows;
  } finally {
    await stop(service.child);
    if (plain) await stop(plain.child);
  }
}
