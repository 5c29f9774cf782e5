#!/usr/bin/env node
/**
 * The `esign` command.
 *
 *   esign export [--out account.yaml] [--api-key KEY] [--base-url URL]
 *
 * Credentials default to ESIGN_API_KEY and ESIGN_BASE_URL. The key is never printed.
 */
import * as fs from "fs";
import { stringify } from "yaml";
import { EsignClient } from "../client";
import { exportAccount } from "./export";

const USAGE = "usage: esign export [--out account.yaml] [--api-key KEY] [--base-url URL]";

function flags(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument ${argv[i]}\n${USAGE}`);
    out[m[1]] = m[2] ?? argv[++i] ?? "";
  }
  return out;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "drift") return (await import("./drift")).drift(rest);
  if (command !== "export") {
    console.error(USAGE);
    return 2;
  }
  const f = flags(rest);
  const apiKey = f["api-key"] ?? process.env.ESIGN_API_KEY;
  if (!apiKey) {
    console.error("esign export: no API key (--api-key or ESIGN_API_KEY)");
    return 2;
  }
  const client = new EsignClient({ apiKey, baseUrl: f["base-url"] ?? process.env.ESIGN_BASE_URL });
  const account = await exportAccount(client);
  const text = `# Exported by esign export: every object is adopted on the first pulumi up.\n${stringify(account)}`;
  const out = f.out ?? "account.yaml";
  if (out === "-") process.stdout.write(text);
  else {
    fs.writeFileSync(out, text);
    const count = (account.members?.length ?? 0) + (account.apiApps?.length ?? 0) + (account.templates?.length ?? 0) + (account.faxLines?.length ?? 0);
    console.error(`esign export: wrote ${out} (${account.team ? "team, " : ""}${count} entries)`);
  }
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
    console.error(`esign export: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}
