/**
 * pulumi-resource-esign: the native provider plugin (bin/pulumi-resource-esign runs this; the
 * release archives hold it bundled into one executable: scripts/build-plugin).
 * The engine starts it with its address as the argument and talks gRPC to the port it prints.
 * The port line waits only for the SDK's server: the resources' code loads just after it or on
 * the first call (lazy-provider.ts, DECISIONS D111).
 */
import { main } from "@pulumi/pulumi/provider";
import { installConfigHooks } from "../host-patches/grpc-config-hooks";
import { configureLazily, lazyProvider, preload, useEngineAtLazily } from "./lazy-provider";
import { packageVersion } from "./version";

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
