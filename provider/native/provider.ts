/** The native plugin's provider: the seven resources, the lookups and the Account component. */
import type * as provider from "@pulumi/pulumi/provider";
import { schemaText } from "../schema/generate";
import { invokeLookup } from "./lookups";
import { NativeResources } from "./resources";
import { nativeToken } from "./tokens";

const ACCOUNT = nativeToken("Account");

/** The provider over `resources` (the host's; a fresh set by default, as a test makes it). */
export function nativeProvider(version: string, resources: NativeResources = new NativeResources()): provider.Provider {
  let schema: string | undefined;
  return {
    version,
    getSchema: async () => (schema ??= schemaText()),
    ...resources.methods,
    invoke: (token, inputs) => invokeLookup(token, inputs, resources.current()),
    async construct(name, type, inputs, options) {
      if (type !== ACCOUNT) throw new Error(`esign: unknown component type ${type}`);
      // The Account component runs on the SDK's runtime (@pulumi/pulumi, grpc-js): loaded at the
      // first Construct, so that neither the plugin's start nor its start-up snapshot holds it (D118).
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, as above
      const { constructAccount }: typeof import("./account") = require("./account");
      return constructAccount(name, inputs, options);
    },
  };
}
