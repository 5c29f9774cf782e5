/**
 * The usage examples in the schema's resource descriptions (provider/schema/examples/): the YAML
 * ones parse and name real tokens and properties of schema.json, and each `## Import` line has an
 * id the native plugin takes. (Node.js alone: the fast tier needs no other toolchain. Python's
 * compile against sdk/python in test/sdk/python-examples.test.ts; TypeScript and Go against the
 * SDKs in test/sdk/examples.test.ts.)
 */
import * as assert from "assert";
import { parse } from "yaml";
import { propsFromId } from "../../../provider/native/import-ids";
import { registry } from "../../../provider/resources/registry";
import { importCommand } from "../../../provider/schema/description";
import { resourceExamples } from "../../../provider/schema/examples";
import { buildSchema, token } from "../../../provider/schema/generate";
import { resourceSpecs } from "../../../provider/schema/resources";

const schema = buildSchema();
const kinds = Object.keys(registry);

/** `${name.prop}` references of a YAML program. */
const references = (text: string) => [...text.matchAll(/\$\{([\w-]+)\.(\w+)\}/g)].map((m) => [m[1], m[2]]);

describe("native plugin: the usage examples in the schema", () => {
  it("every resource has an example in TypeScript, Python, Go and YAML, in the description the SDKs are generated from", () => {
    for (const kind of kinds) {
      const examples = resourceExamples[kind];
      assert.ok(examples?.length, `${kind} has an example`);
      const description: string = schema.resources[token(kind)].description;
      assert.match(description, /\{\{% examples %\}\}[\s\S]*\{\{% example %\}\}[\s\S]*\{\{% \/example %\}\}[\s\S]*\{\{% \/examples %\}\}/, kind);
      for (const lang of ["typescript", "python", "go", "yaml"]) assert.ok(description.includes(`\`\`\`${lang}\n`), `${kind}: a ${lang} block`);
      for (const e of examples) {
        assert.match(e.typescript, /from "@esign\/pulumi";/, `${kind}: the npm package's decided name`);
        assert.match(e.python, /^import pulumi_esign as esign$/m, `${kind}: the Python package`);
        assert.match(e.go, /"github\.com\/esign\/pulumi-esign\/sdk\/go\/esign"/, `${kind}: the Go package`);
      }
    }
  });

  it("each ## Import section gives `pulumi import` with the type's token and an id the native plugin reads", () => {
    const sample = (id: string) => id.replace(/<(\w+)>/g, (_, name: string) => (name === "number" ? "+14155550100" : `${name}-1`));
    for (const kind of kinds) {
      const spec = resourceSpecs[kind];
      const description: string = schema.resources[token(kind)].description;
      assert.ok(description.includes(`## Import`), kind);
      assert.ok(description.includes(`$ ${importCommand(token(kind), spec)}`), `${kind}: the import line`);
      const [, id] = spec.importExample.split(" ");
      const props = propsFromId(kind, sample(id));
      // Two-part ids are split into what read needs; one-part ids are read as they are.
      if (id.includes("/")) assert.strictEqual(Object.keys(props).length, 2, `${kind}: ${id} splits into read's properties`);
      else assert.deepStrictEqual(props, {}, `${kind}: ${id} is the resource id itself`);
    }
  });

  for (const kind of kinds) {
    it(`${kind}: the YAML example parses and names real types, functions and properties`, () => {
      for (const e of resourceExamples[kind]) {
        const program = parse(e.yaml) as { resources?: Record<string, any>; variables?: Record<string, any>; outputs?: Record<string, string> };
        const typeOf: Record<string, { outputs: Set<string> }> = {};
        for (const [name, v] of Object.entries(program.variables ?? {})) {
          const invoke = v["fn::invoke"];
          const fn = schema.functions[invoke?.function];
          assert.ok(fn, `${kind}: variable ${name} invokes a function of the schema (${invoke?.function})`);
          for (const arg of Object.keys(invoke.arguments ?? {})) assert.ok(fn.inputs.properties[arg], `${invoke.function} takes ${arg}`);
          typeOf[name] = { outputs: new Set(Object.keys(fn.outputs.properties)) };
        }
        assert.ok(
          Object.values(program.resources ?? {}).some((r) => r.type === token(kind)),
          `${kind}: the example declares one`,
        );
        for (const [name, r] of Object.entries(program.resources ?? {})) {
          const res = schema.resources[r.type];
          assert.ok(res, `${kind}: ${name}'s type ${r.type} is in the schema`);
          for (const prop of Object.keys(r.properties ?? {})) assert.ok(res.inputProperties[prop], `${r.type} has the input ${prop}`);
          for (const option of Object.keys(r.options ?? {})) assert.ok(["protect", "provider", "dependsOn", "import"].includes(option), `option ${option}`);
          typeOf[name] = { outputs: new Set(Object.keys(res.properties)) };
        }
        for (const [name, prop] of references(e.yaml)) {
          assert.ok(typeOf[name], `${kind}: \${${name}.${prop}} names a declared resource or variable`);
          assert.ok(typeOf[name].outputs.has(prop), `${kind}: ${name} has the output ${prop}`);
        }
      }
    });
  }
});
