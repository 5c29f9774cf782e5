/**
 * The base of every esign resource: a dynamic resource of type `esign:<Type>` whose provider is
 * its class's stub (stub.ts). While the SDK registers it, stack traces are patched for the span of
 * the SDK's constructor (host-patches/stack-traces.ts): no trace per output promise, and the
 * state records the user's `new`, not our class, as the resource's source position.
 *
 * `{ import: id }` is refused before registering: the engine cannot import a dynamic resource.
 */
import * as pulumi from "@pulumi/pulumi";
import * as path from "path";
import { RunError } from "@pulumi/pulumi";
import { registeringQuietly } from "../host-patches/stack-traces";

/** provider/resources and provider/dynamic (or their dist/ twins): frames of our resource constructors. */
const OWN_DIRS = [path.join(path.dirname(__dirname), "resources") + path.sep, __dirname + path.sep];

/**
 * `{ import: id }` on a dynamic resource fails deep in the engine (pulumi/pulumi#16175): a
 * TypeError with a gRPC stack. Refused at program time instead, as a RunError (the SDK prints
 * its message alone), pointing to the resource's own way of adopting (its definition's adoptWith).
 */
export class ImportNotSupportedError extends RunError {
  constructor(type: string, name: string, id: string, how: string) {
    super(
      `esign:${type} "${name}": { import: "${id}" } is not supported for esign resources (dynamic providers cannot import); ` +
        `to take over the existing object give ${how}, or write the whole account with \`esign export\` (docs/README.md#adoption)`,
    );
    this.name = "ImportNotSupportedError";
  }
}

export abstract class EsignResource extends pulumi.dynamic.Resource {
  constructor(stub: pulumi.dynamic.ResourceProvider, type: string, adoptWith: (id: string) => string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    if (opts?.import !== undefined) throw new ImportNotSupportedError(type, name, String(opts.import), adoptWith(String(opts.import)));
    const restore = registeringQuietly(OWN_DIRS);
    try {
      super(stub, name, props, opts, "esign", type);
    } catch (e) {
      // An error raised while the limit was 0 has no frames: give it this constructor's.
      restore();
      if (e instanceof Error && !/\n\s+at /.test(e.stack ?? "")) Error.captureStackTrace(e, EsignResource);
      throw e;
    } finally {
      restore();
    }
  }
}
