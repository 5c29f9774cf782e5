/**
 * pulumi-resource-esign: the native provider plugin (bin/pulumi-resource-esign runs this; the
 * release archives hold it bundled into one executable: scripts/build-plugin).
 * The engine starts it with its address as the argument and talks gRPC to the port it prints.
 */
import { main } from "@pulumi/pulumi/provider";
import { installConfigHooks } from "../host-patches/grpc-config-hooks";
import { nativeProvider } from "./provider";
import { packageVersion } from "./version";
import { configureNative, useEngineAt } from "./resources";

installConfigHooks({ apply: (get, env, holder) => configureNative({ get, env, holder }) });
const engine = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (engine) useEngineAt(engine);
main(nativeProvider(packageVersion()), process.argv.slice(2)).catch((error) => {
  console.error(`pulumi-resource-esign: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
