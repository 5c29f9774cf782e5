/**
 * Local stand-in for people who are already on the caller's team.
 *
 * Template access and fax line users must be teammates who have accepted their invitation.
 * On the real service they already are; on the local service nobody accepts e-mails, so an
 * example that needs teammates lists them in `seed.json` and this puts them on the team
 * (creating the caller's team if it has none) and accepts their invitations through the
 * control plane. Idempotent: people already on the team are left alone.
 *
 *   node scripts/run-ts.js examples/local-seed.ts examples/<scenario>   (ESIGN_BASE_URL, ESIGN_API_KEY)
 */
import axios from "axios";
import * as fs from "fs";
import * as path from "path";
import { EsignClient, isEsignApiError } from "pulumi-esign/client";

export interface Seed {
  /** Name of the team made for the caller when it has none. */
  team: string;
  members: { emailAddress: string; role?: "Member" | "Developer" | "Team Manager" | "Admin" }[];
}

/** The scenario's seed.json, or undefined when it needs none. */
export function readSeed(exampleDir: string): Seed | undefined {
  const file = path.join(exampleDir, "seed.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Seed) : undefined;
}

export async function applySeed(seed: Seed, baseUrl: string, apiKey: string): Promise<void> {
  const client = new EsignClient({ apiKey, baseUrl, requestsPerMinute: 0 });
  try {
    await client.team.get();
  } catch (error) {
    if (!isEsignApiError(error) || error.status !== 404) throw error;
    await client.team.create({ name: seed.team });
  }
  const { team_id } = await client.team.info();
  const present = new Set<string>();
  for await (const m of client.paginate(client.team.members, { team_id }, { pageSize: 100 })) {
    if (m.email_address) present.add(m.email_address.toLowerCase());
  }
  const controlUrl = baseUrl.replace(/\/v3\/?$/, "/_local");
  for (const m of seed.members) {
    if (present.has(m.emailAddress.toLowerCase())) continue;
    await client.team.addMember({ email_address: m.emailAddress, role: m.role }, { team_id });
    const accepted = await axios.post(`${controlUrl}/invites/accept`, { email_address: m.emailAddress, team_id }, { validateStatus: () => true });
    if (accepted.status >= 300) throw new Error(`accepting ${m.emailAddress}'s invitation: HTTP ${accepted.status} ${JSON.stringify(accepted.data)}`);
  }
}

// Run as a script (scripts/run-ts.js sets argv[1] to this file).
if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  const dir = process.argv[2];
  const seed = dir ? readSeed(dir) : undefined;
  const { ESIGN_BASE_URL: baseUrl, ESIGN_API_KEY: apiKey } = process.env;
  if (!seed) process.exit(0);
  if (!baseUrl || !apiKey) {
    console.error("local-seed: ESIGN_BASE_URL and ESIGN_API_KEY are required");
    process.exit(2);
  }
  applySeed(seed, baseUrl, apiKey).then(
    () => console.error(`local-seed: ${seed.members.length} teammate(s) on the team`),
    (e) => {
      console.error(`local-seed: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
