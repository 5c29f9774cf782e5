/**
 * @module service/cli-args
 * Flags of the service CLI (service/main.ts) -> ServiceOptions.
 */
import { isPlanName } from "./accounts/plans";
import type { Quotas } from "./accounts/types";
import { RATE_LIMIT_HEADER_SPELLINGS, RATE_LIMIT_MODELS, RESPONSE_DIALECTS, RESPONSE_PROFILES, type ServiceOptions } from "./options";

const USAGE = `usage: esign-service [--port 8787] [--host 127.0.0.1] [--api-key devkey] [--email addr]
  [--plan free|essentials|standard|premium|enterprise] [--templates-left N] [--documents-left N]
  [--api-signature-requests-left N] [--sms-verifications-left N] [--eid] [--no-fax] [--auto-accept-invites] [--rate-limit N]
  [--rate-limit-model bucket|window] [--rate-limit-headers recorded|description] [--rate-limit-retry-after]
  [--response-dialect current|recorded-2021|sdk-2025] [--response-profile complete|sparse] [--data file] [--template-processing-ms N]
  [--template-visibility-delay-ms N] [--api-app-visibility-delay-ms N] [--team-visibility-delay-ms N] [--verbose] [--allow-default-key-on-network]`;

const QUOTA_FLAGS: Record<string, keyof Quotas> = {
  "--templates-left": "templates_left",
  "--documents-left": "documents_left",
  "--api-signature-requests-left": "api_signature_requests_left",
  "--sms-verifications-left": "sms_verifications_left",
};

function oneOf<T extends string>(flag: string, v: string | undefined, allowed: readonly T[]): T {
  if (!allowed.includes(v as T)) throw new Error(`${flag} needs one of ${allowed.join(", ")}`);
  return v as T;
}

export function parseArgs(argv: string[]): ServiceOptions {
  const o: ServiceOptions = { port: 8787 };
  const quotas: Partial<Quotas> = {};
  const int = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a non-negative integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--port":
        o.port = int(flag, value());
        break;
      case "--host":
        o.host = value();
        break;
      case "--api-key":
        o.apiKey = value();
        break;
      case "--email":
        o.email = value();
        break;
      case "--plan": {
        const p = value();
        if (!isPlanName(p)) throw new Error(`unknown plan ${p}`);
        o.plan = p;
        break;
      }
      case "--eid":
        o.eid = true;
        break;
      case "--no-fax":
        o.fax = false;
        break;
      case "--auto-accept-invites":
        o.autoAcceptInvites = true;
        break;
      case "--rate-limit":
        o.rateLimit = int(flag, value());
        break;
      case "--rate-limit-model":
        o.rateLimitModel = oneOf(flag, value(), RATE_LIMIT_MODELS);
        break;
      case "--rate-limit-headers":
        o.rateLimitHeaders = oneOf(flag, value(), RATE_LIMIT_HEADER_SPELLINGS);
        break;
      case "--rate-limit-retry-after":
        o.rateLimitRetryAfter = true;
        break;
      case "--response-dialect":
        o.responseDialect = oneOf(flag, value(), RESPONSE_DIALECTS);
        break;
      case "--response-profile":
        o.responseProfile = oneOf(flag, value(), RESPONSE_PROFILES);
        break;
      case "--data":
        o.data = value();
        break;
      case "--template-processing-ms":
        o.templateProcessingMs = int(flag, value());
        break;
      case "--template-visibility-delay-ms":
        o.templateVisibilityDelayMs = int(flag, value());
        break;
      case "--api-app-visibility-delay-ms":
        o.apiAppVisibilityDelayMs = int(flag, value());
        break;
      case "--team-visibility-delay-ms":
        o.teamVisibilityDelayMs = int(flag, value());
        break;
      case "--verbose":
        o.verbose = true;
        break;
      case "--allow-default-key-on-network":
        o.allowDefaultKeyOnNetwork = true;
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        if (flag in QUOTA_FLAGS) quotas[QUOTA_FLAGS[flag]] = int(flag, value());
        else throw new Error(`unknown flag ${flag}\n${USAGE}`);
    }
  }
  if (Object.keys(quotas).length) o.quotas = quotas;
  return o;
}
