/**
 * construct of `esign:index:Account`: the account file (its text, or its path) parsed and
 * deployed by deployAccount with the native classes, so another language gets the same
 * children, names, checks and errors as a TypeScript program calling deployAccount.
 */
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import type * as provider from "@pulumi/pulumi/provider";
import { deployAccount } from "../account-file/program";
import { loadAccountFile, parseAccountFile } from "../account-file/load";
import { nativeClasses } from "./classes";
import { nativeToken } from "./tokens";

export const ACCOUNT = nativeToken("Account");

class Account extends pulumi.ComponentResource {
  constructor(name: string, opts: pulumi.ComponentResourceOptions) {
    super(ACCOUNT, name, {}, opts);
  }

  done(state: pulumi.Inputs): void {
    this.registerOutputs(state);
  }
}

/** An Output, with the SDK's own way to its value (`promise`, which its declarations leave out). */
const isOutput = (value: unknown): value is { promise(): Promise<unknown> } => pulumi.Output.isInstance(value);

async function known(value: unknown): Promise<string | undefined> {
  // An input with dependencies or a secret arrives as an Output; its value is known at construct.
  const v = isOutput(value) ? await value.promise() : value;
  return typeof v === "string" && v !== "" ? v : undefined;
}

export async function constructAccount(name: string, inputs: pulumi.Inputs, options: pulumi.ComponentResourceOptions): Promise<provider.ConstructResult> {
  const [text, file] = [await known(inputs.text), await known(inputs.path)];
  if ((text === undefined) === (file === undefined)) throw new Error(`esign:index:Account ${name}: give exactly one of text or path`);
  // A relative path is the program's: the engine starts the plugin in the project directory.
  const account = text !== undefined ? parseAccountFile(text, `${name} (text)`, process.cwd()) : loadAccountFile(path.resolve(file!));
  const component = new Account(name, options);
  const deployed = deployAccount(account, { parent: component }, nativeClasses);
  const state = {
    teamId: deployed.teamId,
    members: pulumi.all(deployed.members),
    apiApps: pulumi.all(deployed.apiApps),
    oauthSecrets: pulumi.secret(pulumi.all(deployed.oauthSecrets)),
    templates: pulumi.all(deployed.templates),
    faxLines: pulumi.all(deployed.faxLines),
  };
  component.done(state);
  return { urn: component.urn, state };
}
