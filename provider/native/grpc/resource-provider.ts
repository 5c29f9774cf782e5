/**
 * The pulumirpc.ResourceProvider service of the plugin on our own gRPC server (server.ts,
 * DECISIONS D118). Each call the engine makes of a provider like ours answers as the SDK's
 * server (@pulumi/pulumi/provider/server.js) does for the same provider, the config calls as
 * config-calls.ts. Calls not listed (Handshake, Parameterize, GetMapping(s), Call,
 * StreamInvoke, ...) answer UNIMPLEMENTED, which the engine reads as "not supported".
 */
import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type * as provider from "@pulumi/pulumi/provider";
import * as configCalls from "./config-calls";
import type { JsonObject } from "./codec";
import type * as Protocol from "./protocol";
import { fieldOf, fitMessage, GrpcError, MAX_DETAILS_BYTES, STATUS, type UnaryHandler } from "./server";

export interface ResourceProviderOptions {
  provider: provider.Provider;
  config: configCalls.ConfigHooks;
  /** Attach: the engine's address, for a plugin started without it (debugging). */
  attach(address: string): void;
  /** Construct: the request's bytes in, the response's out (construct.ts, on the SDK's runtime). */
  construct?(request: Buffer): Promise<Buffer>;
}

/** The messages and their codec, at the first call (protocol.ts): not before the port line (D111, D135). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, as above
export const protocol = (): typeof Protocol => require("./protocol");

/** A unary call: its request and response messages (chosen from the protocol once loaded), and what it does. */
const unary =
  <Req extends DescMessage, Resp extends DescMessage>(
    messages: ($: typeof Protocol) => readonly [Req, Resp],
    handle: (req: MessageShape<Req>, $: typeof Protocol) => Promise<MessageInitShape<Resp>> | MessageInitShape<Resp>,
  ): UnaryHandler =>
  async (bytes) => {
    const $ = protocol();
    const [request, response] = messages($);
    return $.encode(response, await handle($.decode(request, bytes), $));
  };

/** An import's read (and an engine's older calls) may lack a property struct: the provider sees `{}`. */
const props = (struct: JsonObject | undefined): JsonObject => struct ?? {};

const failuresOf = (failures: provider.CheckFailure[] | undefined) => (failures ?? []).map((f) => ({ property: f.property, reason: f.reason }));

/** As server.js's catch blocks in check, diff, read, delete and invoke: the error and its stack on stderr, then the error. */
function logged<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((e: unknown) => {
    console.error(`${e}: ${fieldOf(e, "stack")}`);
    throw e;
  });
}

/**
 * A create or update error, as server.js's grpcResponseFromError: UNKNOWN with the message; one
 * that carries an `id` made the resource and could not finish it, so its id, properties and
 * reasons travel as an ErrorResourceInitFailed in grpc-status-details-bin: a partial failure,
 * which the engine records by its id. The trailers are bounded (server.ts), so a message too long
 * is cut (fitMessage), and a detail still too large drops its reasons' text, then its properties
 * (the engine then records the id without outputs; a refresh reads them): never the id.
 */
export function resourceError(e: unknown): GrpcError {
  const text = fieldOf(e, "message");
  const message = fitMessage(typeof text === "string" ? text : "");
  if (!fieldOf(e, "id")) return new GrpcError(STATUS.UNKNOWN, message);
  const id = String(fieldOf(e, "id"));
  const given = fieldOf(e, "reasons") || [];
  const reasons: string[] = Array.isArray(given) ? given.map(String) : [];
  // A partial failure's properties are the provider's outputs: JSON, as a create's.
  const properties = (fieldOf(e, "properties") || {}) as JsonObject;
  const $ = protocol();
  const status = (detail: MessageInitShape<typeof $.ErrorResourceInitFailedSchema>) =>
    $.encode($.StatusSchema, {
      code: STATUS.UNKNOWN,
      message,
      details: [{ typeUrl: "type.googleapis.com/pulumirpc.ErrorResourceInitFailed", value: $.encode($.ErrorResourceInitFailedSchema, detail) }],
    });
  const omitted = (what: string, bytes: number) => `${what} left out: ${bytes} bytes are more than a gRPC trailer holds`;
  const full = status({ id, properties, reasons });
  if (full.length <= MAX_DETAILS_BYTES) return new GrpcError(STATUS.UNKNOWN, message, full);
  const short = status({ id, properties, reasons: reasons.map((r) => fitMessage(r, 1024)) });
  if (short.length <= MAX_DETAILS_BYTES) return new GrpcError(STATUS.UNKNOWN, message, short);
  return new GrpcError(STATUS.UNKNOWN, message, status({ id, properties: {}, reasons: [...reasons.slice(0, 16).map((r) => fitMessage(r, 1024)), omitted("the properties were", full.length)] }));
}

export function resourceProviderHandlers(options: ResourceProviderOptions): Record<string, UnaryHandler> {
  const p = options.provider;
  const handlers: Record<string, UnaryHandler> = {
    GetPluginInfo: unary(
      ($) => [$.EmptySchema, $.PluginInfoSchema],
      () => ({ version: p.version }),
    ),
    Attach: unary(
      ($) => [$.PluginAttachSchema, $.EmptySchema],
      (req) => (options.attach(req.address), {}),
    ),
    Cancel: unary(
      ($) => [$.EmptySchema, $.EmptySchema],
      async () => (await p.cancel?.(), {}),
    ),
    GetSchema: unary(
      ($) => [$.GetSchemaRequestSchema, $.GetSchemaResponseSchema],
      async (req) => {
        if (req.version !== 0) throw new Error(`unsupported schema version ${req.version}`);
        return { schema: p.getSchema ? await p.getSchema() : "{}" };
      },
    ),

    CheckConfig: unary(
      ($) => [$.CheckRequestSchema, $.CheckResponseSchema],
      (req) => configCalls.checkConfig(req, options.config),
    ),
    DiffConfig: unary(
      ($) => [$.DiffRequestSchema, $.DiffResponseSchema],
      (req, $) => configCalls.diffConfig(req, $.DiffResponse_DiffChanges),
    ),
    Configure: unary(
      ($) => [$.ConfigureRequestSchema, $.ConfigureResponseSchema],
      (req) => configCalls.configure(req, options.config),
    ),

    Check: unary(
      ($) => [$.CheckRequestSchema, $.CheckResponseSchema],
      (req) =>
        logged(async () => {
          const news = props(req.news);
          const result = p.check ? await p.check(req.urn, props(req.olds), news) : { inputs: news };
          return { inputs: result.inputs || news, failures: failuresOf(result.failures) };
        }),
    ),
    Diff: unary(
      ($) => [$.DiffRequestSchema, $.DiffResponseSchema],
      (req, $) =>
        logged(async () => {
          const { DIFF_SOME, DIFF_NONE, DIFF_UNKNOWN } = $.DiffResponse_DiffChanges;
          if (!p.diff) return {};
          const result = await p.diff(req.id, req.urn, props(req.olds), props(req.news));
          const changes = result.changes === true ? DIFF_SOME : result.changes === false ? DIFF_NONE : DIFF_UNKNOWN;
          return { changes, replaces: result.replaces ?? [], deleteBeforeReplace: !!result.deleteBeforeReplace };
        }),
    ),
    Create: unary(
      ($) => [$.CreateRequestSchema, $.CreateResponseSchema],
      async (req) => {
        if (!p.create) throw new Error(`unknown resource type ${req.urn}`);
        try {
          const result = await p.create(req.urn, props(req.properties));
          return { id: result.id, properties: result.outs ?? {} };
        } catch (e) {
          throw resourceError(e);
        }
      },
    ),
    Read: unary(
      ($) => [$.ReadRequestSchema, $.ReadResponseSchema],
      (req) =>
        logged(async () => {
          if (!p.read) return { id: req.id, properties: props(req.properties) };
          const result = await p.read(req.id, req.urn, props(req.properties));
          // As server.js: inputs only when the provider gave them (null is an empty Struct, as fromJavaScript makes it).
          return { id: result.id, properties: result.props ?? {}, inputs: result.inputs === undefined ? undefined : (result.inputs ?? {}) };
        }),
    ),
    Update: unary(
      ($) => [$.UpdateRequestSchema, $.UpdateResponseSchema],
      async (req) => {
        try {
          const result = p.update ? await p.update(req.id, req.urn, props(req.olds), props(req.news)) : undefined;
          return { properties: result?.outs ?? {} };
        } catch (e) {
          throw resourceError(e);
        }
      },
    ),
    Delete: unary(
      ($) => [$.DeleteRequestSchema, $.EmptySchema],
      (req) =>
        logged(async () => {
          await p.delete?.(req.id, req.urn, props(req.properties));
          return {};
        }),
    ),
    Invoke: unary(
      ($) => [$.InvokeRequestSchema, $.InvokeResponseSchema],
      (req) =>
        logged(async () => {
          if (!p.invoke) throw new Error(`unknown function ${req.tok}`);
          const result = await p.invoke(req.tok, props(req.args));
          return { return: result.outputs ?? {}, failures: failuresOf(result.failures) };
        }),
    ),
  };
  if (options.construct) handlers.Construct = options.construct;
  return handlers;
}
