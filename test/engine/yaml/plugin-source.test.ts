/**
 * Where the engine gets pulumi-resource-esign for a Pulumi YAML program when it is not on PATH:
 * a YAML program has no SDK to carry the package's version and download server, so it names
 * them itself, as options (`version`, `pluginDownloadURL`) or in a package declaration file
 * (what `pulumi package add <schema.json>` writes). With the server mapped to a local HTTP
 * server (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES matches the program's URL exactly), the engine
 * asks it for the archive of the named version: the name travels from the program to the engine.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as http from "http";
import type { AddressInfo } from "net";
import * as os from "os";
import * as path from "path";
import { repoRoot } from "../support/engine";
import { exampleDir, writeYamlProject, yamlStack } from "./project";

const SERVER = "github://api.github.com/esign/pulumi-esign";
const ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };
/** The one place the version is written (package.json); the programs must name the same. */
const VERSION = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).version as string;
const ARCHIVE = `pulumi-resource-esign-v${VERSION}-${process.platform}-${ARCH[process.arch]}.tar.gz`;
const fakeConfig = {
  "esign:apiKey": { value: "k", secret: true },
  "esign-example-yaml:apiKey": { value: "k", secret: true },
};

describe("engine: the plugin a Pulumi YAML program names", function () {
  this.timeout(300_000);
  let server: http.Server;
  let requested: string[] = [];
  const dirs: string[] = [];
  let env: Record<string, string>;

  before(async () => {
    server = http.createServer((req, res) => {
      requested.push(req.url ?? "");
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    env = { PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${SERVER.replace(/\./g, "\\.")}$=http://127.0.0.1:${port}/releases` };
  });
  beforeEach(() => {
    requested = [];
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-yaml-source-"));
    dirs.push(dir);
    return dir;
  };

  it("examples/yaml and the README name package.json's version and the release server", () => {
    const options = new RegExp(`version: ${VERSION.replace(/\./g, "\\.")}\\n +pluginDownloadURL: ${SERVER}\\n`);
    assert.match(fs.readFileSync(path.join(exampleDir, "Pulumi.yaml"), "utf8"), options);
    assert.match(fs.readFileSync(path.join(repoRoot, "README.md"), "utf8"), options);
  });

  it("examples/yaml: the explicit provider's version and pluginDownloadURL options", async () => {
    const dir = tempDir();
    const stack = await yamlStack(writeYamlProject(dir), dir, { pluginDir: null, config: fakeConfig, env });
    await assert.rejects(stack.preview(), (e: Error) => e.message.includes(`404 HTTP error fetching plugin from http://127.0.0.1:`) && e.message.includes(ARCHIVE));
    assert.ok(requested.includes(`/releases/${ARCHIVE}`), `requested: ${requested.join(", ")}`);
  });

  it("a package declaration file names them for a program without options", async () => {
    const dir = tempDir();
    const project = writeYamlProject(dir, () => ["name: esign-declared", "runtime: yaml", "resources:", "  team:", "    type: esign:index:Team", "    properties:", "      name: Ops", ""].join("\n"));
    for (const f of ["account.yaml", "seed.json", "README.md"]) fs.rmSync(path.join(project, f));
    // The file `pulumi package add ./schema.json` writes (sdks/esign/esign-<version>.yaml).
    fs.mkdirSync(path.join(project, "sdks", "esign"), { recursive: true });
    fs.writeFileSync(path.join(project, "sdks", "esign", `esign-${VERSION}.yaml`), `packageDeclarationVersion: 1\nname: esign\nversion: ${VERSION}\ndownloadUrl: ${SERVER}\n`);
    const stack = await yamlStack(project, dir, { pluginDir: null, config: fakeConfig, env });
    await assert.rejects(stack.preview(), (e: Error) => e.message.includes(ARCHIVE));
    assert.ok(requested.includes(`/releases/${ARCHIVE}`), `requested: ${requested.join(", ")}`);
  });
});
