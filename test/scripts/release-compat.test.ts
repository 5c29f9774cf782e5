/**
 * The release's schema compatibility check (scripts/release-support/compat.ts) on synthetic
 * schemas: each breaking kind is refused, additions pass, a major version bump lets a break
 * through; and the real schema.json is compatible with itself.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { breakingChanges, checkRelease, goModuleProblem, major, type SchemaSpec } from "../../scripts/release-support/compat";

/** A small schema shaped like ours: one resource, one function, one object type, one enum. */
function base(): SchemaSpec {
  return {
    language: { go: { modulePath: "github.com/esign/pulumi-esign/sdk", importBasePath: "github.com/esign/pulumi-esign/sdk/go/esign" } },
    config: { variables: { apiKey: { type: "string" } } },
    provider: { inputProperties: { apiKey: { type: "string" }, baseUrl: { type: "string" } } },
    resources: {
      "esign:index:Team": {
        properties: { teamId: { type: "string" }, name: { type: "string" }, members: { type: "array", items: { $ref: "#/types/esign:index:Member" } } },
        required: ["teamId", "name"],
        inputProperties: { name: { type: "string" }, label: { type: "string" } },
        requiredInputs: ["name"],
      },
    },
    functions: {
      "esign:index:getTeam": { inputs: { properties: { teamId: { type: "string" } } }, outputs: { properties: { name: { type: "string" } }, required: ["name"] } },
    },
    types: {
      "esign:index:Member": { type: "object", properties: { email: { type: "string" }, role: { type: "string" } }, required: ["email"] },
      "esign:index:Role": { type: "string", enum: [{ value: "Admin" }, { value: "Member" }] },
    },
  };
}

function changed(edit: (s: SchemaSpec) => void): string[] {
  const after = base();
  edit(after);
  return breakingChanges(base(), after);
}

const team = (s: SchemaSpec) => s.resources!["esign:index:Team"];

describe("release: schema compatibility check", () => {
  it("an unchanged schema has no breaking change", () => {
    assert.deepStrictEqual(breakingChanges(base(), base()), []);
  });

  it("additions are compatible: a resource, a function, a type, an optional input, an output, an enum value", () => {
    assert.deepStrictEqual(
      changed((s) => {
        s.resources!["esign:index:FaxLine"] = { properties: { number: { type: "string" } }, inputProperties: { areaCode: { type: "integer" } }, requiredInputs: ["areaCode"] };
        s.functions!["esign:index:getAccount"] = { outputs: { properties: { accountId: { type: "string" } } } };
        s.types!["esign:index:Extra"] = { type: "object", properties: { a: { type: "string" } } };
        team(s).inputProperties!.color = { type: "string" };
        team(s).properties!.createdAt = { type: "string" };
        s.types!["esign:index:Role"].enum!.push({ value: "Developer" });
        s.provider!.inputProperties!.timeout = { type: "integer" };
      }),
      [],
    );
  });

  it("an input that stops being required is compatible", () => {
    assert.deepStrictEqual(
      changed((s) => {
        team(s).requiredInputs = [];
      }),
      [],
    );
  });

  const breaking: [string, (s: SchemaSpec) => void, RegExp][] = [
    [
      "a removed resource",
      (s) => {
        delete s.resources!["esign:index:Team"];
      },
      /^resource "esign:index:Team" was removed$/,
    ],
    [
      "a removed function",
      (s) => {
        delete s.functions!["esign:index:getTeam"];
      },
      /^function "esign:index:getTeam" was removed$/,
    ],
    [
      "a removed type",
      (s) => {
        delete s.types!["esign:index:Member"];
      },
      /^type "esign:index:Member" was removed$/,
    ],
    [
      "a removed input",
      (s) => {
        delete team(s).inputProperties!.label;
      },
      /^resource "esign:index:Team": input "label" was removed$/,
    ],
    [
      "a removed output",
      (s) => {
        delete team(s).properties!.teamId;
      },
      /^resource "esign:index:Team": output "teamId" was removed$/,
    ],
    [
      "a removed function output",
      (s) => {
        delete s.functions!["esign:index:getTeam"].outputs!.properties!.name;
      },
      /^function "esign:index:getTeam": output "name" was removed$/,
    ],
    [
      "a removed property of a type",
      (s) => {
        delete s.types!["esign:index:Member"].properties!.role;
      },
      /^type "esign:index:Member": input "role" was removed$/,
    ],
    [
      "a removed provider setting",
      (s) => {
        delete s.provider!.inputProperties!.baseUrl;
      },
      /^provider: input "baseUrl" was removed$/,
    ],
    [
      "a removed config variable",
      (s) => {
        delete s.config!.variables!.apiKey;
      },
      /^config: input "apiKey" was removed$/,
    ],
    [
      "a removed enum value",
      (s) => {
        s.types!["esign:index:Role"].enum!.pop();
      },
      /^type "esign:index:Role": enum value "Member" was removed$/,
    ],
    [
      "an input's changed type",
      (s) => {
        team(s).inputProperties!.label = { type: "integer" };
      },
      /^resource "esign:index:Team": input "label" changed type from string to integer$/,
    ],
    [
      "an output's changed element type",
      (s) => {
        team(s).properties!.members = { type: "array", items: { type: "string" } };
      },
      /^resource "esign:index:Team": output "members" changed type from array<#\/types\/esign:index:Member> to array<string>$/,
    ],
    [
      "a list that became a map",
      (s) => {
        team(s).properties!.members = { type: "object", additionalProperties: { $ref: "#/types/esign:index:Member" } };
      },
      /output "members" changed type from array<.*> to map<.*>$/,
    ],
    [
      "a function input's changed type",
      (s) => {
        s.functions!["esign:index:getTeam"].inputs!.properties!.teamId = { type: "number" };
      },
      /^function "esign:index:getTeam": input "teamId" changed type from string to number$/,
    ],
    [
      "a new required input",
      (s) => {
        team(s).inputProperties!.owner = { type: "string" };
        team(s).requiredInputs!.push("owner");
      },
      /^resource "esign:index:Team": new required input "owner"$/,
    ],
    [
      "an input that became required",
      (s) => {
        team(s).requiredInputs!.push("label");
      },
      /^resource "esign:index:Team": input "label" became required$/,
    ],
    [
      "a type property that became required",
      (s) => {
        s.types!["esign:index:Member"].required!.push("role");
      },
      /^type "esign:index:Member": input "role" became required$/,
    ],
    [
      "an output that is no longer required",
      (s) => {
        team(s).required = ["teamId"];
      },
      /^resource "esign:index:Team": output "name" is no longer required$/,
    ],
    [
      "a function output that is no longer required",
      (s) => {
        s.functions!["esign:index:getTeam"].outputs!.required = [];
      },
      /^function "esign:index:getTeam": output "name" is no longer required$/,
    ],
    [
      "a property of a type that programs read (an output's element) that is no longer required",
      (s) => {
        s.types!["esign:index:Member"].required = [];
      },
      /^type "esign:index:Member": output "email" is no longer required$/,
    ],
    [
      "a function that no longer returns an object",
      (s) => {
        delete s.functions!["esign:index:getTeam"].outputs;
      },
      /^function "esign:index:getTeam" no longer returns an object$/,
    ],
    [
      "a changed function output type",
      (s) => {
        s.functions!["esign:index:getTeam"].outputs!.properties!.name = { type: "array", items: { type: "string" } };
      },
      /^function "esign:index:getTeam": output "name" changed type from string to array<string>$/,
    ],
    [
      "a moved Go module path",
      (s) => {
        s.language = { go: { modulePath: "github.com/other/sdk", importBasePath: "github.com/other/sdk/go/esign" } };
      },
      /^the Go module path changed from github\.com\/esign\/pulumi-esign\/sdk to github\.com\/other\/sdk$/,
    ],
    [
      "a function input that became required",
      (s) => {
        s.functions!["esign:index:getTeam"].inputs!.required = ["teamId"];
      },
      /^function "esign:index:getTeam": input "teamId" became required$/,
    ],
  ];
  for (const [what, edit, message] of breaking) {
    it(`refuses ${what} without a major version bump`, () => {
      const after = base();
      edit(after);
      const found = breakingChanges(base(), after);
      assert.strictEqual(found.length, 1, found.join("\n"));
      assert.match(found[0], message);
      assert.deepStrictEqual(checkRelease(base(), "1.4.2", after, "1.5.0"), { ok: false, breaking: found, majorMoved: false });
      assert.strictEqual(checkRelease(base(), "1.4.2", after, "1.4.3").ok, false);
    });
  }

  it("a major version bump allows breaking changes, and still lists them", () => {
    const after = base();
    delete after.resources!["esign:index:Team"];
    const verdict = checkRelease(base(), "0.9.1", after, "1.0.0");
    assert.deepStrictEqual(verdict, { ok: true, breaking: ['resource "esign:index:Team" was removed'], majorMoved: true });
    after.language = { go: { modulePath: "github.com/esign/pulumi-esign/sdk/v2", importBasePath: "github.com/esign/pulumi-esign/sdk/v2/go/esign" } };
    assert.strictEqual(checkRelease(base(), "1.2.0", after, "2.0.0-rc.1").ok, true);
  });

  it("an input type's property that is no longer required is compatible (only programs that read a type are hurt)", () => {
    assert.deepStrictEqual(
      changed((s) => {
        s.types!["esign:index:Options"] = { type: "object", properties: { a: { type: "string" } }, required: [] };
        team(s).inputProperties!.options = { $ref: "#/types/esign:index:Options" };
      }),
      [],
    );
    const before = base();
    before.types!["esign:index:Options"] = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    team(before).inputProperties!.options = { $ref: "#/types/esign:index:Options" };
    const after = JSON.parse(JSON.stringify(before)) as SchemaSpec;
    after.types!["esign:index:Options"].required = [];
    assert.deepStrictEqual(breakingChanges(before, after), []);
  });

  it("a major version 2 or more whose Go module path did not move to /v<major> is refused, breaking or not", () => {
    const verdict = checkRelease(base(), "1.4.0", base(), "2.0.0");
    assert.strictEqual(verdict.ok, false);
    assert.match(verdict.goModule!, /version 2\.0\.0 is major 2, so the Go module path must end in \/v2 \(it is github\.com\/esign\/pulumi-esign\/sdk\)/);
    const moved = base();
    moved.language = { go: { modulePath: "github.com/esign/pulumi-esign/sdk/v2", importBasePath: "github.com/esign/pulumi-esign/sdk/v2/go/esign" } };
    assert.deepStrictEqual(checkRelease(base(), "1.4.0", moved, "2.0.0"), {
      ok: true,
      breaking: ["the Go module path changed from github.com/esign/pulumi-esign/sdk to github.com/esign/pulumi-esign/sdk/v2"],
      majorMoved: true,
    });
    assert.strictEqual(goModuleProblem(moved, "3.0.0"), "version 3.0.0 is major 3, so the Go module path must end in /v3 (it is github.com/esign/pulumi-esign/sdk/v2)");
    assert.match(goModuleProblem(moved, "1.9.0")!, /must not end in \/v2/);
    moved.language.go!.importBasePath = "github.com/esign/pulumi-esign/sdk/go/esign";
    assert.match(goModuleProblem(moved, "2.0.0")!, /import path github\.com\/esign\/pulumi-esign\/sdk\/go\/esign is not inside the module/);
    assert.strictEqual(goModuleProblem(base(), "1.0.0"), undefined);
  });

  it("reads the major part of a version, and refuses what is not one", () => {
    assert.strictEqual(major("v12.3.4"), 12);
    assert.strictEqual(major("0.1.0"), 0);
    assert.throws(() => major("1.2"), /"1\.2" is not a semantic version/);
  });

  it("the repository's schema.json is compatible with itself and has something to compare", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "schema.json"), "utf8")) as SchemaSpec;
    assert.ok(Object.keys(schema.resources ?? {}).length > 3);
    assert.deepStrictEqual(breakingChanges(schema, schema), []);
    const without = JSON.parse(JSON.stringify(schema)) as SchemaSpec;
    const [first] = Object.keys(without.resources!);
    delete without.resources![first];
    assert.deepStrictEqual(breakingChanges(schema, without), [`resource "${first}" was removed`]);
  });
});
