/**
 * The plugin's start-up (DECISIONS D111): the engine waits for the port line on stdout before
 * every command, and evaluating the resources' code (their definitions, the contract, the
 * client, the operations) took about half of the time to it. main.ts serves this facade
 * instead: the port line is printed with only the plugin's gRPC server loaded (grpc/, D118),
 * and the real provider
 * (provider.ts, resources.ts) loads on the first call or just after the port line
 * (`preload`), whichever comes first. Function-scoped `require`s keep those modules lazy in
 * the bundle too (esbuild evaluates a module on its first require).
 */
import type * as provider from "@pulumi/pulumi/provider";
import type { ConfigureRequest } from "../deployment/context";

type Resources = typeof import("./resources");
type Method = Exclude<keyof provider.Provider, "version">;

/**
 * The methods of nativeProvider (provider.ts): the server (grpc/resource-provider.ts, as the
 * SDK's server.js) tests each for presence (an absent `getSchema` answers "{}"), so the
 * facade has exactly these (test/provider/native/lazy-provider.test.ts compares them).
 */
export const PROVIDER_METHODS = ["getSchema", "check", "diff", "create", "read", "update", "delete", "invoke", "construct"] as const satisfies readonly Method[];

let engine: string | undefined;
let resources: Resources | undefined;
let real: provider.Provider | undefined;

function loadResources(): Resources {
  if (!resources) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: not evaluated before the port line (D111)
    resources = require("./resources") as Resources;
    if (engine) resources.useEngineAt(engine);
  }
  return resources;
}

function loadProvider(version: string): provider.Provider {
  if (!real) {
    loadResources();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: not evaluated before the port line (D111)
    real = (require("./provider") as typeof import("./provider")).nativeProvider(version);
  }
  return real;
}

/** The engine's address (the plugin's argument): where the Deployment sends warnings, once it exists. */
export function useEngineAtLazily(address: string): void {
  engine = address;
  resources?.useEngineAt(address);
}

/** Configure (grpc/config-calls.ts): the resources' Deployment takes the provider's settings. */
export function configureLazily(request: ConfigureRequest): void {
  loadResources().configureNative(request);
}

/** The provider the plugin's server is given: each method loads the real one and calls it. */
export function lazyProvider(version: string): provider.Provider {
  const facade: provider.Provider = { version };
  const methods = facade as unknown as Record<Method, (...args: unknown[]) => unknown>;
  for (const name of PROVIDER_METHODS) {
    methods[name] = (...args: unknown[]) => {
      const target = loadProvider(version);
      return (target[name] as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
  return facade;
}

/** Loads the real provider now (main.ts calls it once the port line is out), so the first call rarely waits. */
export function preload(version: string): void {
  loadProvider(version);
}
