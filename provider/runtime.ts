/**
 * The implementation behind the serialized provider stubs (see resources/support/stub.ts).
 * `require("pulumi-esign/runtime").resourceProvider("ApiApp")` returns the provider methods
 * for one resource type; this module is loaded once per provider process, so the client, its
 * throttle and the parent-list cache are shared by every resource of a deployment.
 */
import type * as pulumi from "@pulumi/pulumi";
import { registry } from "./resources/registry";
import { configure, providerContext } from "./resources/support/context";
import { defaultDiff, readInputs, unlessGone, withoutProvider } from "./resources/support/resource";

/** Outputs travel as protobuf Structs, which cannot hold undefined: drop such keys. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? {}));
}

const providers = new Map<string, pulumi.dynamic.ResourceProvider>();

/** The provider methods of one resource type, made once per process (stubs ask on every call). */
export function resourceProvider(type: string): pulumi.dynamic.ResourceProvider {
  let provider = providers.get(type);
  if (!provider) providers.set(type, (provider = makeProvider(type)));
  return provider;
}

function makeProvider(type: string): pulumi.dynamic.ResourceProvider {
  const impl = registry[type];
  if (!impl) throw new Error(`pulumi-esign: unknown resource type ${type}`);
  return {
    async configure(req) {
      configure(req.config);
    },
    async check(olds, news) {
      const result = await impl.check(withoutProvider(olds), withoutProvider(news));
      return { ...result, inputs: result.inputs && plain(result.inputs) };
    },
    async diff(id, olds, news) {
      const o = withoutProvider(olds);
      const n = withoutProvider(news);
      return impl.diff ? impl.diff(id, o, n) : defaultDiff(impl, o, n);
    },
    async create(inputs) {
      const { id, outs } = await impl.create(providerContext(), withoutProvider(inputs));
      return { id, outs: plain(outs) };
    },
    async read(id, props) {
      const current = await unlessGone(() => impl.read(providerContext(), id, withoutProvider(props)), undefined);
      if (!current) return { id: "" };
      return { id, props: plain(current), inputs: plain(readInputs(impl, current)) };
    },
    async update(id, olds, news) {
      return { outs: plain(await impl.update(providerContext(), id, withoutProvider(olds), withoutProvider(news))) };
    },
    async delete(id, props) {
      await unlessGone(() => impl.delete(providerContext(), id, withoutProvider(props)), undefined);
    },
  };
}
