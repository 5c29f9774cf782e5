/**
 * The plugin's start (main.ts), apart from its evaluation: the release executable for this
 * machine's target is a V8 start-up snapshot of the evaluated bundle, whose deserialized main
 * function calls `startPlugin` (scripts/plugin/bundle.js; DECISIONS D111).
 */
import { main } from "@pulumi/pulumi/provider";
import { installConfigHooks } from "../host-patches/grpc-config-hooks";
import { configureLazily, lazyProvider, preload, useEngineAtLazily } from "./lazy-provider";
import { packageVersion } from "./version";

/** Serves the provider on a free port and prints it; the resources' code loads just after (lazy-provider.ts). */
export function startPlugin(): void {
  const version = packageVersion();
  installConfigHooks({ apply: (get, env, holder) => configureLazily({ get, env, holder }) });
  const engine = process.argv.slice(2).find((a) => !a.startsWith("-"));
  if (engine) useEngineAtLazily(engine);
  main(lazyProvider(version), process.argv.slice(2))
    .then(() => setImmediate(() => preload(version)))
    .catch((error) => {
      console.error(`pulumi-resource-esign: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    });
}

/** Evaluates the resources' code without serving: what a start-up snapshot holds. */
export function loadForSnapshot(): void {
  preload(packageVersion());
}
