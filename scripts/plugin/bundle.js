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

/**
 * Built-in modules that make native handles when loaded (an HTTP parser, an HTTP/2 session, a
 * TCP wrap): a V8 start-up snapshot cannot hold those, so the snapshot's bundle gets each as a
 * shim that loads the real module on first use, with its keys and `constants` (plain data) known
 * without loading it (DECISIONS D111).
 */
const HANDLE_BUILTINS = ["http", "https", "http2", "tls", "net"];

function lazyBuiltins() {
  const filter = new RegExp(`^(node:)?(${HANDLE_BUILTINS.join("|")})$`);
  return {
    name: "esign-lazy-builtins",
    setup(build) {
      build.onResolve({ filter }, (args) =>
        args.namespace === "esign-lazy-builtin" ? { path: args.path, external: true } : { path: args.path.replace(/^node:/, ""), namespace: "esign-lazy-builtin" },
      );
      build.onLoad({ filter: /.*/, namespace: "esign-lazy-builtin" }, (args) => {
        const real = require(args.path);
        const keys = Object.getOwnPropertyNames(real);
        const data = real.constants ? { constants: real.constants } : {};
        return {
          loader: "js",
          contents: `let real;
const load = () => (real ??= require(${JSON.stringify(`node:${args.path}`)}));
const data = ${JSON.stringify(data)};
const keys = ${JSON.stringify(keys)};
module.exports = new Proxy({}, {
  get: (_, key) => (Object.prototype.hasOwnProperty.call(data, key) ? data[key] : key === "__esModule" || key === "default" ? undefined : Reflect.get(load(), key)),
  set: (_, key, value) => Reflect.set(load(), key, value),
  has: (_, key) => keys.includes(key),
  ownKeys: () => [...keys],
  getOwnPropertyDescriptor: (_, key) => (keys.includes(key) ? { configurable: true, enumerable: true, get: () => (Object.prototype.hasOwnProperty.call(data, key) ? data[key] : load()[key]) } : undefined),
  defineProperty: (_, key, descriptor) => Reflect.defineProperty(load(), key, descriptor),
});`,
        };
      });
    },
  };
}

/**
 * The entry of a snapshot bundle: evaluates the plugin (the resources' code included) at build
 * time, and starts it in the deserialized process (provider/native/lazy-start.ts).
 */
const SNAPSHOT_ENTRY = `const start = require("./provider/native/lazy-start");
start.loadForSnapshot();
require("v8").startupSnapshot.setDeserializeMainFunction(() => start.startPlugin());`;

/** Writes the bundle of `product` (targets.js PRODUCTS) to `outfile`; returns the source files it read. */
async function bundle(outfile, version, product = PRODUCTS.plugin, { snapshot = false } = {}) {
  const result = await esbuild.build({
    ...(snapshot ? { stdin: { contents: SNAPSHOT_ENTRY, resolveDir: root, sourcefile: "snapshot-main.js", loader: "js" } } : { entryPoints: [path.join(root, product.entry)] }),
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
    plugins: [plugin(product.executable), ...(snapshot ? [lazyBuiltins()] : [])],
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
