/**
 * The pulumirpc.ResourceProvider service of the plugin on our own gRPC server (server.ts,
 * DECISIONS D118). Each call the engine makes of a provider like ours answers as the SDK's
 * server (@pulumi/pulumi/provider/server.js) does for the same provider, the config calls as
 * config-calls.ts. Calls not listed (Handshake, Parameterize, GetMapping(s), Call,
 * StreamInvoke, ...) answer UNIMPLEMENTED, which the engine reads as "not supported".
 */
import type * as provider from "@pulumi/pulumi/provider";
import { decode, encode, type Message, type MessageType } from "./codec";
import * as configCalls from "./config-calls";
import * as m from "./messages";
import { GrpcError, STATUS, type UnaryHandler } from "./server";

/* eslint-disable @typescript-eslint/no-explicit-any -- the provider's values are untyped JSON */

export interface ResourceProviderOptions {
  provider: provider.Provider;
  config: configCalls.ConfigHooks;
  /** Attach: the engine's address, for a plugin started without it (debugging). */
  attach(address: string): void;
  /** Construct: the request's bytes in, the response's out (construct.ts, on the SDK's runtime). */
  construct?(request: Buffer): Promise<Buffer>;
}

const unary =
  (request: MessageType, response: MessageType, handle: (req: Message) => Promise<Message> | Message): UnaryHandler =>
  async (bytes) =>
    encode(response, await handle(decode(request, bytes)));

/** An import's read (and an engine's older calls) may lack a property struct: the provider sees `{}`. */
const props = (struct: unknown): Record<string, any> => (struct ?? {}) as Record<string, any>;

const failuresOf = (failures: provider.CheckFailure[] | undefined) => (failures ?? []).map((f) => ({ property: f.property, reason: f.reason }));

/** As server.js's catch blocks in check, diff, read, delete and invoke: the error and its stack on stderr, then the error. */
function logged<T>(run: () => Promise<T>): Promise<T> {
  return run().catch((e: any) => {
    console.error(`${e}: ${e?.stack}`);
    throw e;
  });
}

/**
 * A create or update error, as server.js's grpcResponseFromError: UNKNOWN with the message; one
 * that carries an `id` made the resource and could not finish it, so its id, properties and
 * reasons travel as an ErrorResourceInitFailed in grpc-status-details-bin.
 */
export function resourceError(e: any): GrpcError {
  const message = e?.message;
  if (!e?.id) return new GrpcError(STATUS.UNKNOWN, message);
  const detail = encode(m.ErrorResourceInitFailed, { id: e.id, properties: e.properties || {}, reasons: e.reasons || [] });
  const status = encode(m.Status, { code: STATUS.UNKNOWN, message, details: [{ typeUrl: "type.googleapis.com/pulumirpc.ErrorResourceInitFailed", value: detail }] });
  return new GrpcError(STATUS.UNKNOWN, message, status);
}

export function resourceProviderHandlers(options: ResourceProviderOptions): Record<string, UnaryHandler> {
  const p = options.provider;
  const handlers: Record<string, UnaryHandler> = {
    GetPluginInfo: unary(m.Empty, m.PluginInfo, () => ({ version: p.version })),
    Attach: unary(m.PluginAttach, m.Empty, (req) => (options.attach(req.address), {})),
    Cancel: unary(m.Empty, m.Empty, async () => (await p.cancel?.(), {})),
    GetSchema: unary(m.GetSchemaRequest, m.GetSchemaResponse, async (req) => {
      if (req.version !== 0) throw new Error(`unsupported schema version ${req.version}`);
      return { schema: p.getSchema ? await p.getSchema() : "{}" };
    }),

    CheckConfig: unary(m.CheckRequest, m.CheckResponse, (req) => configCalls.checkConfig(req)),
    DiffConfig: unary(m.DiffRequest, m.DiffResponse, (req) => configCalls.diffConfig(req)),
    Configure: unary(m.ConfigureRequest, m.ConfigureResponse, (req) => configCalls.configure(req, options.config)),

    Check: unary(m.CheckRequest, m.CheckResponse, (req) =>
      logged(async () => {
        const news = props(req.news);
        const result = p.check ? await p.check(req.urn, props(req.olds), news) : { inputs: news };
        return { inputs: result.inputs || news, failures: failuresOf(result.failures) };
      }),
    ),
    Diff: unary(m.DiffRequest, m.DiffResponse, (req) =>
      logged(async () => {
        if (!p.diff) return {};
        const result = await p.diff(req.id, req.urn, props(req.olds), props(req.news));
        const changes = result.changes === true ? m.DIFF.SOME : result.changes === false ? m.DIFF.NONE : m.DIFF.UNKNOWN;
        return { changes, replaces: result.replaces ?? [], deleteBeforeReplace: !!result.deleteBeforeReplace };
      }),
    ),
    Create: unary(m.CreateRequest, m.CreateResponse, async (req) => {
      if (!p.create) throw new Error(`unknown resource type ${req.urn}`);
      try {
        const result = await p.create(req.urn, props(req.properties));
        return { id: result.id, properties: result.outs ?? {} };
      } catch (e) {
        throw resourceError(e);
      }
    }),
    Read: unary(m.ReadRequest, m.ReadResponse, (req) =>
      logged(async () => {
        if (!p.read) return { id: req.id, properties: props(req.properties) };
        const result = await p.read(req.id, req.urn, props(req.properties));
        // As server.js: inputs only when the provider gave them (null is an empty Struct, as fromJavaScript makes it).
        return { id: result.id, properties: result.props ?? {}, inputs: result.inputs === undefined ? undefined : (result.inputs ?? {}) };
      }),
    ),
    Update: unary(m.UpdateRequest, m.UpdateResponse, async (req) => {
      try {
        const result = (p.update ? await p.update(req.id, req.urn, props(req.olds), props(req.news)) : undefined) || {};
        return { properties: (result as provider.UpdateResult).outs ?? {} };
      } catch (e) {
        throw resourceError(e);
      }
    }),
    Delete: unary(m.DeleteRequest, m.Empty, (req) =>
      logged(async () => {
        await p.delete?.(req.id, req.urn, props(req.properties));
        return {};
      }),
    ),
    Invoke: unary(m.InvokeRequest, m.InvokeResponse, (req) =>
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
