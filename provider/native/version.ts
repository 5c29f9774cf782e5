/**
 * The plugin's version: package.json's, the one place it is written. This file runs from
 * provider/native or dist/provider/native; the self-contained plugin binary has no package.json
 * beside it, so scripts/plugin/bundle.js stamps the version into it (ESIGN_STAMPED_VERSION).
 */
import * as path from "path";

/** Where the engine downloads the plugin's release archives (schema.json, SDKs, import files). */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/esign/pulumi-esign";

/** Set by scripts/plugin/bundle.js (esbuild `define`) in the plugin binary; undeclared elsewhere. */
declare const ESIGN_STAMPED_VERSION: string | undefined;

export function packageVersion(): string {
  if (typeof ESIGN_STAMPED_VERSION === "string") return ESIGN_STAMPED_VERSION;
  for (const up of ["../..", "../../.."]) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON file found at run time
      const manifest: { version: string } = require(path.join(__dirname, up, "package.json"));
      return manifest.version;
    } catch {
      // not at this level
    }
  }
  return "0.0.0";
}
