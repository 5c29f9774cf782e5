/**
 * pulumi-resource-esign: the native provider plugin (bin/pulumi-resource-esign runs this).
 * The engine starts it with its address as the argument and talks gRPC to the port it prints.
 */
import * as path from "path";
import { main } from "@pulumi/pulumi/provider";
import { installConfigHooks } from "../host-patches/grpc-config-hooks";
import { nativeProvider } from "./provider";
import { configureNative, useEngineAt } from "./resources";

/** The package's version (this file runs from provider/native or dist/provider/native). */
function packageVersion(): string {
  for (const up of ["../..", "../../.."]) {
    try {
      return (require(path.join(__dirname, up, "package.json")) as { version: string }).version;
    } catch {
      // not at this level
    }
  }
  return "0.0.0";
}

installConfigHooks({ apply: (get, env, holder) => configureNative({ get, env, holder }) });
const engine = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (engine) useEngineAt(engine);
main(nativeProvider(packageVersion()), process.argv.slice(2)).catch((error) => {
  console.error(`pulumi-resource-esign: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
