/**
 * The provider object the engine serializes into state: a thin stub.
 *
 * Each method require()s the installed implementation (pulumi-esign/runtime) when it runs, so
 * `__provider` holds a few hundred bytes of stable text, no implementation code and no
 * credentials, and upgrading the package upgrades refresh and delete of existing resources.
 * The absolute path of the runtime at program time is the fallback for programs that cannot
 * resolve the package by name from their directory.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as path from "path";

function runtimePath(): string {
  try {
    return require.resolve("pulumi-esign/runtime");
  } catch {
    return path.join(__dirname, "..", "runtime.js");
  }
}

/**
 * The stub of a resource type. The SDK serializes a provider object once per program, so each
 * class makes its stub once (dynamic/classes.ts) and every resource of it shares that one.
 */
export function providerStub(type: string): pulumi.dynamic.ResourceProvider {
  return makeStub(type, runtimePath());
}

// Everything below is serialized by value (comments included, into every resource's state and
// every check and diff: keep them out of the body): it may use only its parameters, `require`
// and globals. The runtime is loaded once per provider process and kept on globalThis
// (captured variables of a serialized closure are rebuilt on every call); without that, a
// program that cannot resolve the package by name paid a failed module search and an
// exception on every check and diff: most of the provider's time in an unchanged preview.
function makeStub(type: string, fallback: string): pulumi.dynamic.ResourceProvider {
  const impl = () => {
    const g: any = globalThis;
    if (!g.__esignRuntime) {
      try {
        g.__esignRuntime = require("pulumi-esign/runtime");
      } catch {
        g.__esignRuntime = require(fallback);
      }
    }
    return g.__esignRuntime.resourceProvider(type);
  };
  return {
    configure: async (req) => impl().configure(req),
    check: async (olds, news) => impl().check(olds, news),
    diff: async (id, olds, news) => impl().diff(id, olds, news),
    create: async (inputs) => impl().create(inputs),
    read: async (id, props) => impl().read(id, props),
    update: async (id, olds, news) => impl().update(id, olds, news),
    delete: async (id, props) => impl().delete(id, props),
  };
}
