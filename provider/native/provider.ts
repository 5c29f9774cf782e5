/** The native plugin's provider: the seven resources, the lookups and the Account component. */
import type * as provider from "@pulumi/pulumi/provider";
import { schemaText } from "../schema/generate";
import { ACCOUNT, constructAccount } from "./account";
import { invokeLookup } from "./lookups";
import { resourceMethods } from "./resources";

export function nativeProvider(version: string): provider.Provider {
  let schema: string | undefined;
  return {
    version,
    getSchema: async () => (schema ??= schemaText()),
    ...resourceMethods,
    invoke: (token, inputs) => invokeLookup(token, inputs),
    async construct(name, type, inputs, options) {
      if (type !== ACCOUNT) throw new Error(`esign: unknown component type ${type}`);
      return constructAccount(name, inputs, options);
    },
  };
}
