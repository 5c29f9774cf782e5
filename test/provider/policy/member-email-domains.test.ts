/** The policy rule on people's e-mail domains (policy/rules/member-email-domains.ts): every kind with an `emailAddress` input, read from the definitions. */
import * as assert from "assert";
import type { ResourceValidationArgs } from "@pulumi/policy";
import { memberEmailDomains } from "../../../policy/rules/member-email-domains";

function judge(type: string, props: Record<string, unknown>, allowedDomains = ["example.com"]): string[] {
  const reports: string[] = [];
  const args = { type, name: "who", props, getConfig: () => ({ allowedDomains }) } as unknown as ResourceValidationArgs;
  const validate = memberEmailDomains.validateResource;
  assert.ok(typeof validate === "function", "one validation function");
  void validate(args, (message: string) => reports.push(message));
  return reports;
}

describe("policy: esign-member-email-domains", () => {
  for (const type of ["esign:index:TeamMember", "esign:index:TemplateAccess", "pulumi-nodejs:dynamic/esign:FaxLineUser"]) {
    it(`${type}: an address outside the allowed domains is reported, one inside is not`, () => {
      assert.deepStrictEqual(judge(type, { emailAddress: "a@sub.example.com" }), []);
      const [report] = judge(type, { emailAddress: "a@other.org" });
      assert.match(report, /property emailAddress: "a@other\.org" is outside the allowed domains \(example\.com\) \(rule esign-member-email-domains\)$/);
    });
  }

  it("kinds without an emailAddress input, and types not ours, are not judged", () => {
    for (const type of ["esign:index:ApiApp", "esign:index:TeamMemberSet", "aws:s3:Bucket"]) assert.deepStrictEqual(judge(type, { emailAddress: "a@other.org" }), [], type);
  });
});
