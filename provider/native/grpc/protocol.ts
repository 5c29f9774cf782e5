/**
 * The messages of the ResourceProvider protocol (generated from Pulumi's provider.proto, gen/;
 * DECISIONS D135) and their codec, in one namespace. resource-provider.ts and config-calls.ts
 * require it at the first call, not before the plugin's port line: evaluating @bufbuild/protobuf
 * and the file descriptors costs ~30 ms of CPU where no start-up snapshot holds them (D111).
 */
export { EmptySchema } from "@bufbuild/protobuf/wkt";
export { decode, encode } from "./codec";
export { StatusSchema } from "./gen/google/protobuf/status_pb";
export { PluginAttachSchema, PluginInfoSchema } from "./gen/pulumi/plugin_pb";
export * from "./gen/pulumi/provider_pb";
