/**
 * The plugin's start (main.ts), apart from its evaluation: the release executable for this
 * machine's target is a V8 start-up snapshot of the evaluated bundle, whose deserialized main
 * function calls `startPlugin` (scripts/plugin/bundle.js; DECISIONS D111). The ResourceProvider
 * service runs on our own gRPC server (grpc/, D118), not the SDK's grpc-js one.
 */
import { constructHandler } from "./grpc/construct";
import { protocol, resourceProviderHandlers } from "./grpc/resource-provider";
import { fieldOf, listen, type GrpcServer } from "./grpc/server";
import { NativeHost } from "./host";
import { packageVersion } from "./version";

/** The engine's address: the first argument that is not a flag (`--logtostderr`, `-v=9`, `--tracing <endpoint>` are skipped, as the SDK's parseArgs does). */
export function engineAddress(args: string[]): string | undefined {
  const clean = args.filter((a, i) => !a.startsWith("-") && args[i - 1] !== "--tracing");
  return clean[0];
}

/**
 * Errors nothing caught are logged and make the exit code non-zero (as the SDK's `main`), and
 * fail a Construct in flight rather than leave the engine waiting for it.
 */
function trackUncaughtErrors(onError: (error: unknown) => void): void {
  const seen = new Set<unknown>();
  const handler = (error: unknown) => {
    if (seen.has(error)) return;
    seen.add(error);
    console.error(fieldOf(error, "stack") || fieldOf(error, "message") || String(error));
    onError(error);
  };
  process.on("uncaughtException", handler);
  process.on("unhandledRejection", handler);
  process.on("exit", (code) => {
    if (code === 0 && seen.size > 0) process.exitCode = 1;
  });
}

/** The served plugin: its host; `failInFlight` fails the Constructs running (an uncaught error). */
export interface ServedPlugin extends GrpcServer {
  host: NativeHost;
  failInFlight(error: unknown): void;
}

/** Serves the provider on a free port of 127.0.0.1 (the resources' code loads on first use, host.ts). */
export async function servePlugin(version: string, args: string[]): Promise<ServedPlugin> {
  const host = new NativeHost(version, engineAddress(args));
  const provider = host.provider();
  const construct = constructHandler(provider, () => host.engineAddress);
  const handlers = resourceProviderHandlers({
    provider,
    config: host,
    attach: (address) => host.useEngineAt(address),
    construct: (request) => construct.handle(request),
  });
  const server = await listen("pulumirpc.ResourceProvider", handlers);
  return { ...server, host, failInFlight: (error) => construct.failInFlight(error) };
}

/** Serves the provider and prints its port, the line the engine waits for; then loads the resources' code. */
export function startPlugin(): void {
  const version = packageVersion();
  let served: ServedPlugin | undefined;
  trackUncaughtErrors((error) => served?.failInFlight(error));
  servePlugin(version, process.argv.slice(2))
    .then((plugin) => {
      served = plugin;
      const { port } = plugin;
      // A string, so that Node.js does not colour it.
      console.log(port.toString());
      setImmediate(() => {
        plugin.host.preload();
        protocol(); // the generated messages (D135): evaluated now, so the first call rarely waits
      });
    })
    .catch((error) => {
      console.error(`pulumi-resource-esign: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    });
}

/** Evaluates the resources' code without serving: what a start-up snapshot holds. */
export function loadForSnapshot(): void {
  new NativeHost(packageVersion()).preload();
  protocol();
}
