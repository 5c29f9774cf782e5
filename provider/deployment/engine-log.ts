/**
 * Warnings and debug lines from the provider process to the engine, with their severity.
 *
 * The SDK's dynamic provider host gives a provider no logger: what it writes to stderr the
 * engine shows as plain info lines. But the host is started with the engine's address as its
 * argument (`node dynamic-provider <engine address>`), and the engine serves the same `Log`
 * RPC there that native providers use. So a warning reaches the user as `warning: ...` in the
 * command's diagnostics, and a debug line only with `pulumi up --debug`. Without an engine
 * (tests that call the runtime directly) warnings go to stderr and debug lines are dropped
 * unless ESIGN_DEBUG is set.
 */
import { sdkModule } from "../core/sdk-modules";
import { readEnvironment } from "../client/options";

type Severity = "debug" | "warning";
const SEVERITY: Record<Severity, number> = { debug: 0, warning: 2 }; // pulumirpc.LogSeverity

/** The part of the SDK's generated engine protocol this file uses. */
interface LogProto {
  LogRequest: new () => { setSeverity(severity: number): void; setMessage(message: string): void };
}

interface EngineClient {
  log(request: unknown, done: (error: Error | null) => void): void;
}

/** The host's argument that is a host:port (the engine), when the SDK's dynamic provider host runs us. */
export function dynamicHostEngine(): string | undefined {
  if (!process.argv[1]?.includes("dynamic-provider")) return undefined;
  return process.argv.slice(2).find((a) => !a.startsWith("-") && /^[\w.[\]:-]+:\d+$/.test(a));
}

/** One host's line to the engine (connected on first use), or none: then stderr. */
export class EngineLog {
  private engine: { client: EngineClient; proto: LogProto } | null | undefined;

  constructor(private readonly address: string | undefined) {}

  private connect(): { client: EngineClient; proto: LogProto } | null {
    if (this.engine !== undefined) return this.engine;
    this.engine = null;
    if (!this.address) return this.engine;
    try {
      // The SDK's own gRPC stubs and grpc-js (the copy the SDK depends on), not a new dependency.
      const grpc = sdkModule("@grpc/grpc-js");
      const { EngineClient } = sdkModule("proto/engine_grpc_pb");
      const proto = sdkModule("proto/engine_pb");
      this.engine = { client: new EngineClient(this.address, grpc.credentials.createInsecure()), proto };
    } catch {
      this.engine = null;
    }
    return this.engine;
  }

  private send(severity: Severity, message: string): Promise<boolean> {
    const e = this.connect();
    if (!e) return Promise.resolve(false);
    const request = new e.proto.LogRequest();
    request.setSeverity(SEVERITY[severity]);
    request.setMessage(message);
    return new Promise((resolve) => {
      // A log that cannot be delivered in time falls back to stderr rather than hang the step.
      const timer = setTimeout(() => resolve(false), 5_000);
      e.client.log(request, (error) => {
        clearTimeout(timer);
        resolve(!error);
      });
    });
  }

  /** A warning the user sees in the command's output (`warning: esign: ...`). */
  async warn(message: string): Promise<void> {
    if (!(await this.send("warning", `esign: ${message}`))) console.error(`warning: esign: ${message}`);
  }

  /** Shown only with `pulumi <command> --debug` (or ESIGN_DEBUG=1 without an engine). */
  async debug(message: string): Promise<void> {
    if (await this.send("debug", `esign: ${message}`)) return;
    if (readEnvironment().debug) console.error(`esign: ${message}`);
  }
}
