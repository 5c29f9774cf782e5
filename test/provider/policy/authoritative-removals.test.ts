/** The policy rule on authoritative lists (policy/rules/authoritative-removals.ts), on stacks given as the engine gives them. */
import * as assert from "assert";
import type { StackValidationArgs } from "@pulumi/policy";
import { authoritativeRemovals } from "../../../policy/rules/authoritative-removals";

function judge(removalsBySet: Record<string, string[]>, config: { maxRemovals?: number } = {}): string[] {
  const reports: string[] = [];
  const resources = Object.entries(removalsBySet).map(([name, removals]) => ({ type: "esign:index:TeamMemberSet", name, props: { members: [], removals } }));
  const args = { resources, getConfig: () => config } as unknown as StackValidationArgs;
  void authoritativeRemovals.validateStack(args, (message: string) => reports.push(message));
  return reports;
}

describe("policy: esign-authoritative-removals", () => {
  it("passes up to the limit, counted over the stack", () => {
    assert.deepStrictEqual(judge({ members: ["a@x.example", "b@x.example"], other: ["c@x.example"] }, { maxRemovals: 3 }), []);
  });
  it("names every removal beyond the limit", () => {
    const [report] = judge({ members: ["a@x.example", "b@x.example"], other: ["c@x.example"] }, { maxRemovals: 2 });
    assert.strictEqual(
      report,
      "authoritative lists would remove 3 people: a@x.example (members), b@x.example (members), c@x.example (other); at most 2 may go in one run (rule esign-authoritative-removals)",
    );
  });
  it("counts every authoritative set's kind, under either host's type, and nothing else's removals", () => {
    const reports: string[] = [];
    const resources = [
      { type: "pulumi-nodejs:dynamic/esign:TemplateAccessSet", name: "t", props: { removals: ["a@x.example"] } },
      { type: "esign:index:FaxLineUserSet", name: "f", props: { removals: ["b@x.example"] } },
      { type: "esign:index:TeamMember", name: "m", props: { removals: ["c@x.example", "d@x.example"] } },
    ];
    void authoritativeRemovals.validateStack({ resources, getConfig: () => ({ maxRemovals: 1 }) } as unknown as StackValidationArgs, (message: string) => reports.push(message));
    assert.deepStrictEqual(reports, ["authoritative lists would remove 2 people: a@x.example (t), b@x.example (f); at most 1 may go in one run (rule esign-authoritative-removals)"]);
  });
  it("defaults to 5", () => {
    assert.strictEqual(judge({ members: ["1", "2", "3", "4", "5", "6"] }).length, 1);
  });
});
