/**
 * The base of every esign resource: a dynamic resource of type `esign:<Type>` whose provider is
 * the stub of stub.ts. While the SDK registers it, stack traces are patched for the span of
 * the SDK's constructor (host-patches/stack-traces.ts): no trace per output promise, and the
 * state records the user's `new`, not our class, as the resource's source position.
 *
 * `{ import: id }` is refused before registering: the engine cannot import a dynamic resource.
 */
import * as pulumi from "@pulumi/pulumi";
import * as path from "path";
import { ImportNotSupportedError } from "../resources/shared/adoption";
import { registeringQuietly } from "../host-patches/stack-traces";
import { providerStub } from "./stub";

/** provider/resources and provider/dynamic (or their dist/ twins): frames of our resource constructors. */
const OWN_DIRS = [path.join(path.dirname(__dirname), "resources") + path.sep, __dirname + path.sep];

export abstract class EsignResource extends pulumi.dynamic.Resource {
  constructor(type: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    if (opts?.import !== undefined) throw new ImportNotSupportedError(type, name, String(opts.import));
    const restore = registeringQuietly(OWN_DIRS);
    try {
      super(providerStub(type), name, props, opts, "esign", type);
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
