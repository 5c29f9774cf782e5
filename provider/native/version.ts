/**
 * The plugin's version: package.json's, the one place it is written. This file runs from
 * provider/native or dist/provider/native; the self-contained plugin binary has no package.json
 * beside it, so scripts/plugin/bundle.js replaces this module with the version it stamps.
 */
import * as path from "path";

/** Where the engine downloads the plugin's release archives (schema.json, SDKs, import files). */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/esign/pulumi-esign";

export function packageVersion(): string {
  for (const up of ["../..", "../../.."]) {
    try {
      return (require(path.join(__dirname, up, "package.json")) as { version: string }).version;
    } catch {
      // not at this level
    }
  }
  return "0.0.0";
}
