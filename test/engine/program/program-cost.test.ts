/**
 * The program's share of an unchanged preview: registering an esign resource formats
 * no stack trace per output property (the SDK's promise-leak bookkeeping, most of the program's
 * time at 1,000 resources under ts-node; see EsignResource), unless PULUMI_DEBUG_PROMISE_LEAKS
 * asks for them, and the resource's source position still reaches the state.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as pulumi from "@pulumi/pulumi";
import * as esign from "../../../provider";
import { newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

/** How many stack traces with frames `build` formats (V8 calls prepareStackTrace on `.stack`). */
function tracesFormattedBy(build: () => void): number {
  const previous = Error.prepareStackTrace;
  let formatted = 0;
  Error.prepareStackTrace = (error, frames) => {
    if (frames.length > 0) formatted++;
    return previous ? previous(error, frames) : `${error}\n${frames.map((f) => `    at ${f}`).join("\n")}`;
  };
  try {
    build();
  } finally {
    Error.prepareStackTrace = previous;
  }
  return formatted;
}

const plainProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: String(inputs.emailAddress), outs: inputs };
  },
};

const N = 20;

// A named function: the SDK parses positions of named frames only ("at fn (file:line:col)").
function declareMembers(): void {
  for (let i = 0; i < N; i++) new esign.TeamMember(`m${i}`, { emailAddress: `m${i}@example.com` }); // DECLARED HERE
}

/** A bare dynamic resource, as a user would write one. */
class Plain extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(plainProvider, name, props, undefined, "bench", "Plain");
  }
}

describe("engine: the program's cost per resource", function () {
  this.timeout(300_000);
  let svc: LocalService;
  let t: TestStack;
  const counts: Record<string, number> = {};

  before(async () => {
    svc = await localService();
    await api(svc).post("/team/create", { name: "Cost" }); // members need a team on `up`
    t = await newStack(
      "program-cost",
      () => {
        const outputs = { accountId: undefined, emailAddress: undefined, teamId: undefined, role: undefined, status: undefined };
        counts.plain = tracesFormattedBy(() => {
          for (let i = 0; i < N; i++) new Plain(`plain${i}`, { ...outputs, emailAddress: `p${i}@example.com` });
        });
        counts.esign = tracesFormattedBy(declareMembers);
        process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
        try {
          counts.debugging = tracesFormattedBy(() => void new esign.TeamMember("debugged", { emailAddress: "d@example.com" }));
        } finally {
          delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
        }
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("formats one stack trace per resource (its source position), not one per output promise", async () => {
    await t.stack.preview();
    // The plain dynamic resource with the same five outputs: its source position plus four
    // promises per output property. Ours: the source position only.
    assert.ok(counts.plain >= N * 10, `plain: ${counts.plain}`);
    assert.strictEqual(counts.esign, N, `esign: ${counts.esign}`);
    assert.ok(counts.debugging > 10, `with PULUMI_DEBUG_PROMISE_LEAKS the SDK's traces are kept: ${counts.debugging}`);
  });

  it("records where the program declared each resource (not the provider's own class)", async () => {
    await t.stack.up();
    const state = await t.stack.exportStack();
    const member = (state.deployment.resources ?? []).find((r: any) => r.urn.endsWith("::m0"));
    const line =
      fs
        .readFileSync(__filename, "utf8")
        .split("\n")
        .findIndex((l) => l.includes("// DECLARED" + " HERE")) + 1;
    assert.match(String(member?.sourcePosition), new RegExp(`program-cost\\.test\\.ts#${line},\\d+$`), JSON.stringify(member?.stackTrace));
  });
});
