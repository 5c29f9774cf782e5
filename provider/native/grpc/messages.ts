/**
 * The messages of the pulumirpc.ResourceProvider calls this plugin serves, as codec.ts tables.
 * Field numbers are those of the SDK's generated code (@pulumi/pulumi/proto/provider_pb.js,
 * plugin_pb.js, status_pb.js; google-protobuf's any_pb.js): test/provider/native/grpc-codec.test.ts
 * round-trips each through those classes. Fields a newer engine adds are skipped on decode.
 */
import type { Field, MessageType } from "./codec";

const message = (name: string, fields: Field[]): MessageType => ({ name, fields });
const struct = (no: number, name: string): Field => ({ no, name, type: "struct" });
const string = (no: number, name: string): Field => ({ no, name, type: "string" });
const strings = (no: number, name: string): Field => ({ no, name, type: "string", repeated: true });
const bool = (no: number, name: string): Field => ({ no, name, type: "bool" });
const double = (no: number, name: string): Field => ({ no, name, type: "double" });

export const Empty = message("google.protobuf.Empty", []);
export const Any = message("google.protobuf.Any", [string(1, "typeUrl"), { no: 2, name: "value", type: "bytes" }]);
export const Status = message("google.rpc.Status", [{ no: 1, name: "code", type: "int32" }, string(2, "message"), { no: 3, name: "details", type: Any, repeated: true }]);

export const PluginInfo = message("pulumirpc.PluginInfo", [string(1, "version")]);
export const PluginAttach = message("pulumirpc.PluginAttach", [string(1, "address")]);

export const GetSchemaRequest = message("pulumirpc.GetSchemaRequest", [{ no: 1, name: "version", type: "int32" }, string(2, "subpackageName"), string(3, "subpackageVersion")]);
export const GetSchemaResponse = message("pulumirpc.GetSchemaResponse", [string(1, "schema")]);

export const ConfigureRequest = message("pulumirpc.ConfigureRequest", [
  { no: 1, name: "variables", type: "map<string,string>" },
  struct(2, "args"),
  bool(3, "acceptSecrets"),
  bool(4, "acceptResources"),
  bool(5, "sendsOldInputs"),
  bool(6, "sendsOldInputsToDelete"),
  string(7, "id"),
  string(8, "urn"),
  string(9, "name"),
  string(10, "type"),
]);
export const ConfigureResponse = message("pulumirpc.ConfigureResponse", [
  bool(1, "acceptSecrets"),
  bool(2, "supportsPreview"),
  bool(3, "acceptResources"),
  bool(4, "acceptOutputs"),
  bool(5, "supportsAutonamingConfiguration"),
]);

export const CheckFailure = message("pulumirpc.CheckFailure", [string(1, "property"), string(2, "reason")]);
const failures: Field = { no: 2, name: "failures", type: CheckFailure, repeated: true };

export const CheckRequest = message("pulumirpc.CheckRequest", [
  string(1, "urn"),
  struct(2, "olds"),
  struct(3, "news"),
  { no: 5, name: "randomSeed", type: "bytes" },
  string(6, "name"),
  string(7, "type"),
]);
export const CheckResponse = message("pulumirpc.CheckResponse", [struct(1, "inputs"), failures]);

export const DiffRequest = message("pulumirpc.DiffRequest", [
  string(1, "id"),
  string(2, "urn"),
  struct(3, "olds"),
  struct(4, "news"),
  strings(5, "ignoreChanges"),
  struct(6, "oldInputs"),
  string(7, "name"),
  string(8, "type"),
]);
/** DiffResponse.changes (DiffChanges). */
export const DIFF = { UNKNOWN: 0, NONE: 1, SOME: 2 } as const;
export const DiffResponse = message("pulumirpc.DiffResponse", [
  strings(1, "replaces"),
  strings(2, "stables"),
  bool(3, "deleteBeforeReplace"),
  { no: 4, name: "changes", type: "enum" },
  strings(5, "diffs"),
  bool(7, "hasDetailedDiff"),
]);

export const CreateRequest = message("pulumirpc.CreateRequest", [string(1, "urn"), struct(2, "properties"), double(3, "timeout"), bool(4, "preview"), string(5, "name"), string(6, "type")]);
export const CreateResponse = message("pulumirpc.CreateResponse", [string(1, "id"), struct(2, "properties"), bool(3, "refreshBeforeUpdate")]);

export const ReadRequest = message("pulumirpc.ReadRequest", [
  string(1, "id"),
  string(2, "urn"),
  struct(3, "properties"),
  struct(4, "inputs"),
  string(5, "name"),
  string(6, "type"),
  double(10, "timeout"),
]);
export const ReadResponse = message("pulumirpc.ReadResponse", [string(1, "id"), struct(2, "properties"), struct(3, "inputs"), bool(4, "refreshBeforeUpdate")]);

export const UpdateRequest = message("pulumirpc.UpdateRequest", [
  string(1, "id"),
  string(2, "urn"),
  struct(3, "olds"),
  struct(4, "news"),
  double(5, "timeout"),
  strings(6, "ignoreChanges"),
  bool(7, "preview"),
  struct(8, "oldInputs"),
  string(9, "name"),
  string(10, "type"),
]);
export const UpdateResponse = message("pulumirpc.UpdateResponse", [struct(1, "properties"), bool(2, "refreshBeforeUpdate")]);

export const DeleteRequest = message("pulumirpc.DeleteRequest", [
  string(1, "id"),
  string(2, "urn"),
  struct(3, "properties"),
  double(4, "timeout"),
  struct(5, "oldInputs"),
  string(6, "name"),
  string(7, "type"),
]);

export const InvokeRequest = message("pulumirpc.InvokeRequest", [string(1, "tok"), struct(2, "args"), bool(7, "preview")]);
export const InvokeResponse = message("pulumirpc.InvokeResponse", [struct(1, "return"), failures]);

/** The detail of a create or update that made the resource but could not finish it (a partial failure). */
export const ErrorResourceInitFailed = message("pulumirpc.ErrorResourceInitFailed", [
  string(1, "id"),
  struct(2, "properties"),
  strings(3, "reasons"),
  struct(4, "inputs"),
  bool(5, "refreshBeforeUpdate"),
]);
