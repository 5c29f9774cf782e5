/**
 * What a release version means to each registry (DECISIONS.md D110):
 *
 *   node scripts/run-ts.js scripts/release-support/version-info.ts 1.2.0-rc.1
 *   prerelease=true
 *   npm_tag=next
 *   pypi_version=1.2.0rc1
 *
 * A prerelease (`-alpha.N`, `-beta.N`, `-rc.N`) is published under npm's `next` tag and as a PyPI
 * prerelease, never as `latest`. Other prerelease words are refused: Pulumi's Python generator
 * would turn them into a local version (`1.2.0+preview`), which PyPI rejects and pip treats as final.
 */

export interface VersionInfo {
  prerelease: boolean;
  npmTag: "latest" | "next";
  /** The version as the Python SDK carries it (PEP 440), as Pulumi's generator writes it (codegen/python PypiVersion). */
  pypiVersion: string;
}

const PEP440_PRE: Record<string, string> = { alpha: "a", beta: "b", rc: "rc" };

export function versionInfo(version: string): VersionInfo {
  const m = /^(\d+\.\d+\.\d+)(?:-([0-9A-Za-z.-]+))?$/.exec(version.replace(/^v/, ""));
  if (!m) throw new Error(`"${version}" is not a semantic version (X.Y.Z or X.Y.Z-rc.N)`);
  if (!m[2]) return { prerelease: false, npmTag: "latest", pypiVersion: m[1] };
  const pre = /^(alpha|beta|rc)\.?(\d+)$/.exec(m[2]);
  if (!pre) throw new Error(`prerelease "${m[2]}" of ${version} is not alpha.N, beta.N or rc.N (the forms PyPI knows as prereleases)`);
  return { prerelease: true, npmTag: "next", pypiVersion: `${m[1]}${PEP440_PRE[pre[1]]}${pre[2]}` };
}

if (require.main === module || process.argv[1]?.endsWith("version-info.ts")) {
  try {
    const info = versionInfo(process.argv[2] ?? "");
    process.stdout.write(`prerelease=${info.prerelease}\nnpm_tag=${info.npmTag}\npypi_version=${info.pypiVersion}\n`);
  } catch (e) {
    console.error(`version-info: ${(e as Error).message}`);
    process.exit(2);
  }
}
