/**
 * An Automation API inline program on the native classes (`esign:index:*` through
 * pulumi-resource-esign): a template through an explicit provider and a fax line through the
 * default one. The test drives its stack in-process; run as
 * a script (`node -r ts-node/register/transpile-only inline-program.ts WORKDIR`) it runs one
 * `up` in a process of its own, so that process's whole tree can be killed mid-way.
 */
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { nativeClasses } from "../../../provider/native/classes";
import { pulumiBinDir } from "../support/engine";
import { fields, pdf } from "../support/native-support";

/** `new esign.Provider(...)` of a generated SDK, without the SDK. */
class EsignProvider extends pulumi.ProviderResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("esign", name, props);
  }
}

/** The template through an explicit provider holding another account's key (stack config `otherKey`); the line through the default one. */
export function inlineProgram() {
  const other = new EsignProvider("other", {
    apiKey: new pulumi.Config().requireSecret("otherKey"),
    baseUrl: new pulumi.Config("esign").require("baseUrl"),
    requestsPerMinute: 60000,
  });
  const nda = new nativeClasses.Template("nda", { title: "NDA", files: [pdf], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields }, { provider: other });
  const line = new nativeClasses.FaxLine("line", { areaCode: 415, country: "US" });
  return { templateId: nda.templateId, number: line.number };
}

/** The stack "test" of the inline program, its Pulumi.yaml in `workDir`; `env`: backend, passphrase, PATH. */
export async function inlineStack(workDir: string, env: Record<string, string>): Promise<Stack> {
  return LocalWorkspace.createOrSelectStack(
    { stackName: "test", projectName: "recover-inline", program: async () => inlineProgram() },
    {
      workDir,
      pulumiCommand: await PulumiCommand.get({ root: path.dirname(pulumiBinDir()), skipVersionCheck: true }),
      envVars: env,
      // As an inline program's workspace usually is: no program on disk for the CLI to run.
      projectSettings: { name: "recover-inline", runtime: "nodejs" },
    },
  );
}

if (require.main === module) {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  inlineStack(process.argv[2], env)
    .then((stack) => stack.up({ onOutput: (o) => process.stdout.write(o) }))
    .then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
}
