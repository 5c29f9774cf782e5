/**
 * sdk-modules.ts in the plugin binary's bundle: static requires that esbuild inlines, each the
 * single copy the bundled @pulumi/pulumi uses; still loaded on first use.
 */
import type { SdkModule } from "./sdk-modules";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- the SDK's generated protocol modules ship no types: their users type what they read */
const LOAD: Record<SdkModule, () => any> = {
  "@grpc/grpc-js": () => require("@grpc/grpc-js"),
  "google-protobuf/google/protobuf/struct_pb": () => require("google-protobuf/google/protobuf/struct_pb"),
  "proto/provider_pb": () => require("@pulumi/pulumi/proto/provider_pb"),
  "proto/engine_pb": () => require("@pulumi/pulumi/proto/engine_pb"),
  "proto/engine_grpc_pb": () => require("@pulumi/pulumi/proto/engine_grpc_pb"),
};

export function sdkModule(id: SdkModule): any {
  return LOAD[id]();
}
