/**
 * The OpenAPI 3.0 -> JSON Schema conversion the conformance test relies on: `nullable` and
 * discriminator dispatch must be enforced, else the spec check passes answers it should not.
 */
import assert from "node:assert/strict";
import Ajv from "ajv";
import { convertComponents } from "../../support/openapi-schema";

const prefix = "#/components/schemas/";
const schemas = {
  Quota: { type: "object", properties: { left: { type: "integer" }, maybe: { type: "integer", nullable: true }, kind: { type: "string", enum: ["a"], nullable: true } } },
  Holder: { type: "object", properties: { quota: { $ref: `${prefix}Quota`, nullable: true }, strict: { $ref: `${prefix}Quota` } } },
  Field: {
    type: "object",
    required: ["type"],
    properties: { type: { type: "string" }, x: { type: "integer" } },
    discriminator: { propertyName: "type", mapping: { text: `${prefix}TextField`, check: `${prefix}CheckField` } },
  },
  TextField: { allOf: [{ $ref: `${prefix}Field` }, { properties: { isMultiline: { type: "boolean" } } }] },
  CheckField: { allOf: [{ $ref: `${prefix}Field` }, { required: ["is_checked"], properties: { is_checked: { type: "boolean" } } }] },
  Doc: { type: "object", properties: { fields: { type: "array", items: { $ref: `${prefix}Field` } } } },
};

function validator(name: string) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ $id: "spec", components: { schemas: convertComponents(schemas) } });
  return ajv.compile({ $ref: `spec${prefix}${name}` });
}

describe("OpenAPI 3.0 schemas converted for ajv", () => {
  it("nullable: null only where the spec says so (types, enums, refs)", () => {
    const quota = validator("Quota");
    assert.ok(quota({ left: 1, maybe: null, kind: null }));
    assert.ok(!quota({ left: null }), "an integer that is not nullable refuses null");
    assert.ok(!quota({ kind: "b" }));
    const holder = validator("Holder");
    assert.ok(holder({ quota: null }));
    assert.ok(!holder({ strict: null }), "a $ref without nullable refuses null");
    assert.ok(!holder({ quota: { left: "x" } }), "a nullable $ref still checks its object");
  });

  it("discriminator: a field is checked against the subclass its type names", () => {
    const doc = validator("Doc");
    assert.ok(
      doc({
        fields: [
          { type: "text", isMultiline: true, x: 1 },
          { type: "check", is_checked: false },
        ],
      }),
    );
    assert.ok(!doc({ fields: [{ type: "text", isMultiline: "yes" }] }), "the text subclass's property type is enforced");
    assert.ok(!doc({ fields: [{ type: "check" }] }), "the check subclass's required property is enforced");
    assert.ok(!doc({ fields: [{ type: "text", x: "1" }] }), "the base class still applies");
    assert.ok(!doc({ fields: [{ x: 1 }] }), "the discriminator property is required");
    assert.ok(validator("TextField")({ type: "text", isMultiline: false }), "a subclass used directly still validates (no base/subclass loop)");
  });
});
