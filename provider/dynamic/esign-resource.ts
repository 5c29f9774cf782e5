/**
 * The base of every esign resource: a dynamic resource of type `esign:<Type>` whose provider is
 * the stub of stub.ts. While the SDK registers it, two things differ from a bare dynamic
 * resource, both only for the synchronous span of the SDK's constructor:
 *
 * - The SDK wraps each output property in promises that each capture and format a stack trace
 *   for its promise-leak report (shown only with PULUMI_DEBUG_PROMISE_LEAKS). Under ts-node,
 *   whose source-map support maps every frame, that was about a fifth of the program's time in
 *   an unchanged preview of 1,000 members (bench/engine/profile-preview.ts). Those traces are
 *   skipped unless that variable asks for them.
 * - The SDK records the resource's source position as the first frame past its own
 *   constructors, which for a dynamic resource is our class, not the user's line. Our frames
 *   are left out, so the state points at the `new` in the user's program, as it does for
 *   resources of generated SDKs. (The SDK takes that trace with its own unlimited depth.)
 *
 * `{ import: id }` is refused before registering: the engine cannot import a dynamic resource.
 */
import * as pulumi from "@pulumi/pulumi";
import * as path from "path";
import { ImportNotSupportedError } from "../resources/shared/adoption";
import { providerStub } from "./stub";

/** provider/resources and provider/dynamic (or their dist/ twins): frames of our resource constructors. */
const OWN_DIRS = [path.join(path.dirname(__dirname), "resources") + path.sep, __dirname + path.sep];

const keepPromiseStacks = () => !!process.env.PULUMI_DEBUG_PROMISE_LEAKS;

function withoutOwnFrames(previous: typeof Error.prepareStackTrace): NonNullable<typeof Error.prepareStackTrace> {
  return (error, frames) => {
    const theirs = frames.filter((f) => !OWN_DIRS.some((dir) => (f.getFileName() ?? "").startsWith(dir)));
    return previous ? previous(error, theirs) : `${error}${theirs.map((f) => `\n    at ${f}`).join("")}`;
  };
}

export abstract class EsignResource extends pulumi.dynamic.Resource {
  constructor(type: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    if (opts?.import !== undefined) throw new ImportNotSupportedError(type, name, String(opts.import));
    const limit = Error.stackTraceLimit;
    const prepare = Error.prepareStackTrace;
    if (!keepPromiseStacks()) Error.stackTraceLimit = 0;
    Error.prepareStackTrace = withoutOwnFrames(prepare);
    try {
      super(providerStub(type), name, props, opts, "esign", type);
    } catch (e) {
      // An error raised while the limit was 0 has no frames: give it this constructor's.
      Error.stackTraceLimit = limit;
      Error.prepareStackTrace = prepare;
      if (e instanceof Error && !/\n\s+at /.test(e.stack ?? "")) Error.captureStackTrace(e, EsignResource);
      throw e;
    } finally {
      Error.stackTraceLimit = limit;
      Error.prepareStackTrace = prepare;
    }
  }
}
