/**
 * The generated Node.js SDK (sdk/nodejs) compiled as a user installs it, for engine suites
 * whose subject is a user's program in the documented form. scripts/build-sdk-nodejs caches
 * the build by its sources; the package resolves @pulumi/pulumi from the repository, so it
 * shares the inline program's SDK.
 */
import { execFileSync } from "child_process";
import * as path from "path";
import { repoRoot } from "./engine";

let bin: string | undefined;

export function generatedSdk(): any {
  bin ??= execFileSync(path.join(repoRoot, "scripts", "build-sdk-nodejs"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
    .trim()
    .split("\n")
    .pop()!;
  return require(bin);
}

/**
 * The options the SDK gives every resource (`version`, and `pluginDownloadURL` when the schema
 * has one): they name its default provider (`default_<version>...`), so an import file entry
 * carrying them makes `pulumi import` use the same default provider as the SDK's program.
 */
export function sdkProviderOptions(): { version?: string; pluginDownloadURL?: string } {
  generatedSdk();
  const { version, pluginDownloadURL } = require(path.join(bin!, "utilities")).resourceOptsDefaults();
  return { ...(version ? { version } : {}), ...(pluginDownloadURL ? { pluginDownloadURL } : {}) };
}
