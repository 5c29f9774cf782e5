/**
 * A product (the plugin: provider/native/main.ts; the `esign` command: provider/cli/esign.ts) as one
 * CommonJS file with everything it loads, which a Node.js single executable application can run:
 * its `require` reaches built-in modules only. Used by scripts/plugin/build.js.
 */
const path = require("path");
const esbuild = require("esbuild");
const { PRODUCTS } = require("./targets");

const root = path.resolve(__dirname, "..", "..");
const support = path.join(root, "provider", "core", "sdk-modules");

/**
 * Modules @pulumi/pulumi loads only to serialize functions (dynamic providers' closures): the
 * provider server never calls them, and they are 9 MB of the bundle (typescript, arborist). In
 * the binary they fail with one line if ever used.
 */
const OMITTED = ["typescript", "@npmcli/arborist"];

function plugin(label) {
  return {
    name: "esign-plugin",
    setup(build) {
      // One bundled copy of the SDK's gRPC modules instead of a lookup in a node_modules folder.
      build.onResolve({ filter: /\/sdk-modules$/ }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        return file === support ? { path: `${support}.bundled.ts` } : undefined;
      });
      const omitted = new RegExp(`^(${OMITTED.map((m) => m.replace(/[/.]/g, "\\$&")).join("|")})$`);
      build.onResolve({ filter: omitted }, (args) => ({ path: args.path, namespace: "esign-omitted" }));
      build.onLoad({ filter: /.*/, namespace: "esign-omitted" }, (args) => ({
        contents: `module.exports = new Proxy({}, { get(_, key) {
          if (key === "__esModule" || typeof key === "symbol") return undefined;
          throw new Error(${JSON.stringify(`${label}: ${args.path} is not part of the executable (it serializes functions, which ${label} never does)`)});
        } });`,
        loader: "js",
      }));
    },
  };
}

/** Writes the bundle of `product` (targets.js PRODUCTS) to `outfile`; returns the source files it read. */
async function bundle(outfile, version, product = PRODUCTS.plugin) {
  const result = await esbuild.build({
    entryPoints: [path.join(root, product.entry)],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile,
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    logLevel: "error",
    metafile: true,
    plugins: [plugin(product.executable)],
    // Loaded only inside the dynamic providers' serialized stubs (dynamic/stub.ts),
    // which run in a program's dynamic provider host, never in this plugin.
    external: ["pulumi-esign/runtime"],
    // The engine reads the port from stdout; nothing may print before it.
    // The version is stamped (provider/native/version.ts reads it), since the binary carries no package.json.
    define: { "process.env.NODE_ENV": '"production"', ESIGN_STAMPED_VERSION: JSON.stringify(version) },
  });
  return Object.keys(result.metafile.inputs).filter((f) => !f.includes(":"));
}

module.exports = { bundle };
