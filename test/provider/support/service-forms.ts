/**
 * Which of the real service's recorded forms the local service in use answers with, for the
 * few tests whose expected requests or outcome depend on it (real-service-evidence.md): the
 * provider follows whichever it meets, and each test asserts the right behaviour for that one.
 * The probes go straight to the API, outside any `counting`.
 */
import type { ProviderHarness } from "./harness";

/** The headers of a request straight to the API with `key` (outside the provider). */
export const auth = (key: string) => ({ Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}`, "Content-Type": "application/json" });

/**
 * The read the caller's team id costs besides GET /team: none when GET /team's accounts name
 * their team (the spec's AccountResponse.team_id), GET /team/info when they do not (recorded).
 */
export async function teamIdRead(h: ProviderHarness, apiKey = h.settings["esign:apiKey"]!): Promise<string[]> {
  const body = (await (await fetch(`${h.svc.baseUrl}/team`, { headers: auth(apiKey) })).json()) as { team?: { accounts?: { team_id?: unknown }[] } };
  const stated = (body.team?.accounts ?? []).some((a) => typeof a.team_id === "string" && a.team_id !== "");
  return stated ? [] : ["GET /v3/team/info"];
}

/** Whether the service refuses a second API app of one name, as the real one does ("An app with the same name already exists"). */
export async function refusesSameAppName(h: ProviderHarness): Promise<boolean> {
  const key = h.settings["esign:apiKey"]!;
  const made: string[] = [];
  let refused = false;
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${h.svc.baseUrl}/api_app`, { method: "POST", headers: auth(key), body: JSON.stringify({ name: "same-name probe", domains: ["probe.example.com"] }) });
    const body = (await res.json()) as { api_app?: { client_id: string } };
    if (body.api_app) made.push(body.api_app.client_id);
    else refused = true;
  }
  for (const id of made) await fetch(`${h.svc.baseUrl}/api_app/${id}`, { method: "DELETE", headers: auth(key) });
  return refused;
}
