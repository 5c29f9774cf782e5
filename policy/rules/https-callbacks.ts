/** Callback URLs (event callbacks and OAuth redirects) of API apps use https. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { domainAllowed } from "../domains";
import { isKind, violation } from "../resources";

export const HTTPS_CALLBACKS = "esign-https-callbacks";

interface Config {
  allowHttpHosts?: string[];
}

function problem(url: unknown, allowHttpHosts: string[]): string | undefined {
  if (typeof url !== "string" || url === "") return undefined; // unset or not yet known
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not an absolute URL`;
  }
  if (parsed.protocol === "https:") return undefined;
  if (parsed.protocol === "http:" && domainAllowed(parsed.hostname, allowHttpHosts)) return undefined;
  return `"${url}" does not use https`;
}

export const httpsCallbacks: ResourceValidationPolicy = {
  name: HTTPS_CALLBACKS,
  description: "API app callback URLs and OAuth callback URLs use https.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      allowHttpHosts: {
        type: "array",
        items: { type: "string" },
        default: [],
        description: "Hosts whose callbacks may use plain http (e.g. localhost for a dev stack).",
      },
    },
  },
  validateResource: (args, report) => {
    if (!isKind(args.type, "ApiApp")) return;
    const allow = args.getConfig<Config>().allowHttpHosts ?? [];
    const found: [string, string | undefined][] = [
      ["callbackUrl", problem(args.props.callbackUrl, allow)],
      ["oauth.callbackUrl", problem(args.props.oauth?.callbackUrl, allow)],
    ];
    for (const [property, issue] of found) if (issue) report(violation(args, property, issue, HTTPS_CALLBACKS));
  },
};
