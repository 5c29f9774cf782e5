/**
 * Modules of @pulumi/pulumi's own gRPC layer (grpc-js, the generated protocol classes), as the
 * SDK itself loads them: found from the SDK's folder, since an installed package gets the SDK as
 * a peer and our own `require` could reach another copy, whose objects the SDK never uses. Loaded
 * on first use. The self-contained plugin binary bundles one copy of each and uses
 * sdk-modules.bundled.ts instead (scripts/plugin/bundle.js).
 */
import * as path from "path";

export type SdkModule = "@grpc/grpc-js" | "google-protobuf/google/protobuf/struct_pb" | "proto/provider_pb" | "proto/engine_pb" | "proto/engine_grpc_pb";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- modules found at run time, untyped */
export function sdkModule(id: SdkModule): any {
  const sdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  return id.startsWith("proto/") ? require(path.join(sdk, id)) : require(require.resolve(id, { paths: [sdk] }));
}
