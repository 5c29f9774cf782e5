/**
 * schema.json is generated (npm run schema) from the resources' schema descriptions, their
 * rules and the provider settings: it must be fresh, and the descriptions must cover every
 * rule (and only rules), so the schema, the SDKs and the provider cannot drift apart.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { registry } from "../../../provider/resources/registry";
import { PIN } from "../../../provider/deployment/account-pin";
import { SETTINGS } from "../../../provider/deployment/settings";
import { buildSchema, schemaText } from "../../../provider/schema/generate";
import { resourceSpecs } from "../../../provider/schema/resources";

const root = path.resolve(__dirname, "..", "..", "..");

describe("native plugin: schema.json", () => {
  const schema = buildSchema();

  it("is fresh: the checked-in file is what `npm run schema` writes", () => {
    const onDisk = fs.readFileSync(path.join(root, "schema.json"), "utf8");
    assert.ok(onDisk === schemaText(), "schema.json is stale: run `npm run schema` and commit it");
  });

  it("describes every resource of the registry, and only those (plus the Account component)", () => {
    assert.deepStrictEqual(Object.keys(resourceSpecs).sort(), Object.keys(registry).sort());
    assert.deepStrictEqual(Object.keys(schema.resources).sort(), [...Object.keys(registry), "Account"].map((k) => `esign:index:${k}`).sort());
    assert.strictEqual(schema.resources["esign:index:Account"].isComponent, true);
  });

  for (const kind of Object.keys(registry)) {
    it(`${kind}: each rules key is an input (or computed at check), and each input is a rules key`, () => {
      const impl = registry[kind];
      const spec = resourceSpecs[kind];
      const ruled = new Set([...Object.keys(impl.rules), ...(impl.extraInputs ?? [])]);
      const described = new Set([...Object.keys(spec.inputs), ...Object.keys(spec.computed ?? {})]);
      assert.deepStrictEqual(
        [...ruled].filter((k) => !described.has(k)),
        [],
        "rules keys without a schema property",
      );
      assert.deepStrictEqual(
        [...described].filter((k) => !ruled.has(k)),
        [],
        "schema inputs without a rule",
      );
      const res = schema.resources[`esign:index:${kind}`];
      for (const [key, rule] of Object.entries(impl.rules)) {
        if (!res.inputProperties[key]) continue; // computed: an output only
        const text: string = res.inputProperties[key].description;
        const expected = { replace: "replaces the object", update: "updates the object in place", ignore: "changes nothing" }[rule.change];
        assert.ok(text.includes(expected), `${kind}.${key}: description says what a change does (${rule.change})`);
      }
      for (const key of spec.requiredOutputs) assert.ok(res.properties[key], `${kind}: required output ${key} is a property`);
    });
  }

  it("every resource has the runtime's account pin as a required output, never an input (D31)", () => {
    for (const kind of Object.keys(registry)) {
      const res = schema.resources[`esign:index:${kind}`];
      assert.strictEqual(res.properties[PIN]?.type, "string", `${kind}: ${PIN} is an output`);
      assert.ok(res.required.includes(PIN), `${kind}: ${PIN} is always set`);
      assert.ok(!res.inputProperties[PIN], `${kind}: ${PIN} is not an input`);
    }
  });

  it("the provider's config and inputs are the SETTINGS table; the API key and the OAuth secret are secret", () => {
    const names = SETTINGS.map((s) => s.name).sort();
    assert.deepStrictEqual(Object.keys(schema.config.variables).sort(), names);
    assert.deepStrictEqual(Object.keys(schema.provider.inputProperties).sort(), names);
    assert.strictEqual(schema.config.variables.apiKey.secret, true);
    assert.strictEqual(schema.provider.inputProperties.apiKey.secret, true);
    assert.ok(!schema.provider.properties.apiKey, "the key is not a provider output");
    assert.strictEqual(schema.resources["esign:index:ApiApp"].properties.oauthSecret.secret, true);
  });

  it("every $ref names a type of the schema or a Pulumi builtin", () => {
    const refs = JSON.stringify(schema).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const target = JSON.parse(`{${ref}}`).$ref as string;
      if (target.startsWith("pulumi.json#")) continue;
      assert.ok(schema.types[target.replace("#/types/", "")], `${target} is defined`);
    }
    assert.ok(refs.length > 0);
  });
});
