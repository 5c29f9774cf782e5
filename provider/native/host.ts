/**
 * The native host: one per plugin process (lazy-start.ts makes it), as runtime.ts's DynamicHost
 * is the dynamic one. It owns the engine's address, the accounts and key fingerprints its
 * CheckConfig verified, and the provider, which it loads lazily (DECISIONS D111): the engine
 * waits for the port line on stdout before every command, and evaluating the resources' code
 * (their definitions, the contract, the client, the operations) took about half of the time to
 * it. So the port line is printed with only the plugin's gRPC server loaded (grpc/, D118), and
 * the real provider (provider.ts, resources.ts, which hold the Deployment) loads on the first
 * call or just after the port line (`preload`), whichever comes first. Function-scoped
 * `require`s keep those modules lazy in the bundle too (esbuild evaluates a module on its first
 * require).
 */
import type * as provider from "@pulumi/pulumi/provider";
import type { ConfigureRequest, KeyAccount } from "../deployment/context";
import { KeyFingerprints } from "../deployment/key-fingerprint";
import type { NativeResources } from "./resources";

type Method = Exclude<keyof provider.Provider, "version">;

/**
 * The methods of nativeProvider (provider.ts): the server (grpc/resource-provider.ts, as the
 * SDK's server.js) tests each for presence (an absent `getSchema` answers "{}"), so the
 * facade has exactly these (test/provider/native/lazy-provider.test.ts compares them).
 */
export const PROVIDER_METHODS = ["getSchema", "check", "diff", "create", "read", "update", "delete", "invoke", "construct"] as const satisfies readonly Method[];

export class NativeHost {
  /** Accounts a key was verified for at CheckConfig (native/config.ts): the account pin's read reuses them. */
  readonly verified = new Map<string, KeyAccount>();
  /** The key fingerprints CheckConfig and the resources computed (one scrypt per key and salt). */
  readonly keys = new KeyFingerprints();
  private resources: NativeResources | undefined;
  private real: provider.Provider | undefined;

  /** `engine`: the engine's address (the plugin's argument); warnings and debug lines go there. */
  constructor(
    readonly version: string,
    private engine?: string,
  ) {}

  /** The engine's address: the plugin's argument, or Attach's. */
  get engineAddress(): string | undefined {
    return this.engine;
  }

  /** Attach: the engine's address, for the Deployment once it exists. */
  useEngineAt(address: string): void {
    this.engine = address;
    this.resources?.useEngineAt(address);
  }

  /** Configure (grpc/config-calls.ts): the resources' Deployment takes the provider's settings. */
  configure(request: ConfigureRequest): void {
    this.loadResources().configure(request);
  }

  /** The provider the plugin's server is given: each method loads the real one and calls it. */
  provider(): provider.Provider {
    const call =
      (name: Method) =>
      (...args: unknown[]) => {
        const target = this.loadProvider();
        const method = target[name];
        if (typeof method !== "function") throw new Error(`esign: the provider has no ${name}`);
        return Reflect.apply(method, target, args);
      };
    return { version: this.version, ...Object.fromEntries(PROVIDER_METHODS.map((name) => [name, call(name)])) };
  }

  /** Loads the real provider now (lazy-start.ts calls it once the port line is out), so the first call rarely waits. */
  preload(): void {
    this.loadProvider();
  }

  private loadResources(): NativeResources {
    if (!this.resources) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: not evaluated before the port line (D111)
      const { NativeResources: Resources }: typeof import("./resources") = require("./resources");
      this.resources = new Resources({ verified: this.verified, keys: this.keys, engine: this.engine });
    }
    return this.resources;
  }

  private loadProvider(): provider.Provider {
    if (!this.real) {
      const resources = this.loadResources();
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: not evaluated before the port line (D111)
      const { nativeProvider }: typeof import("./provider") = require("./provider");
      this.real = nativeProvider(this.version, resources);
    }
    return this.real;
  }
}
