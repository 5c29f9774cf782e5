/**
 * pulumi-resource-esign: the native provider plugin (bin/pulumi-resource-esign runs this; the
 * release archives hold it bundled into one executable: scripts/build-plugin).
 * The engine starts it with its address as the argument and talks gRPC to the port it prints.
 * The port line waits only for the plugin's own gRPC server (grpc/, DECISIONS D118): the
 * resources' code loads just after it or on the first call (host.ts, lazy-start.ts; D111).
 */
import { startPlugin } from "./lazy-start";

startPlugin();
