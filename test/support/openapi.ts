/**
 * The official OpenAPI description of the API (../shared/reference/dropbox-sign-openapi, see
 * SOURCE.md there) for tests: each operation's success response schema as an ajv validator
 * and its example responses. `ESIGN_OPENAPI_DIR` points elsewhere (a worktree whose parent
 * lacks the reference); absent, every caller skips with `missingSpecMessage`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { parse as parseYaml } from "yaml";
import { convertComponents } from "./openapi-schema";

export const repoRoot = path.resolve(__dirname, "..", "..");
export const specDir = process.env.ESIGN_OPENAPI_DIR ?? path.resolve(repoRoot, "..", "shared", "reference", "dropbox-sign-openapi");
const specFile = path.join(specDir, "openapi.yaml");
export const missingSpecMessage = `the official OpenAPI description is absent (${specFile}); set ESIGN_OPENAPI_DIR to its folder`;

interface MediaType {
  schema?: { $ref?: string };
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}
interface SpecOperation {
  operationId: string;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Spec {
  paths: Record<string, Record<string, SpecOperation>>;
  components: { schemas: Record<string, unknown>; examples: Record<string, { value: { $ref?: string } | unknown }> };
}

export interface OfficialSpec {
  /** The spec's operation for a method and path template, or undefined when the spec lacks it. */
  operation(method: string, pathTemplate: string): SpecOperation | undefined;
  /** Validator of the success body for `status` (else the first 2xx); undefined when it has no JSON schema. */
  responseValidator(method: string, pathTemplate: string, status: number): ValidateFunction | undefined;
  /** The named example bodies of the operation's JSON responses whose status matches (default: 2xx). */
  exampleResponses(method: string, pathTemplate: string, status?: RegExp): { name: string; value: unknown }[];
  /** The named example bodies of the operation's JSON request. */
  exampleRequests(method: string, pathTemplate: string): { name: string; value: unknown }[];
  /** A file of the examples folder, parsed. */
  example(name: string): unknown;
}

let loaded: OfficialSpec | null | undefined;

/** The spec, loaded once; null when the file is absent. */
export function officialSpec(): OfficialSpec | null {
  if (loaded === undefined) loaded = fs.existsSync(specFile) ? load() : null;
  return loaded;
}

function load(): OfficialSpec {
  const spec = parseYaml(fs.readFileSync(specFile, "utf8")) as Spec;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat("email", /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat("binary", true);
  ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema({ $id: "spec", components: { schemas: convertComponents(spec.components.schemas) } });
  const compiled = new Map<string, ValidateFunction>();

  const operation = (method: string, pathTemplate: string) => spec.paths[pathTemplate]?.[method.toLowerCase()];
  const successJson = (op: SpecOperation, status?: number) => {
    const codes = Object.keys(op.responses).filter((code) => code.startsWith("2"));
    const code = codes.find((c) => Number(c) === status) ?? codes[0];
    return code ? op.responses[code].content?.["application/json"] : undefined;
  };
  // One official example (FaxGetResponse) has a trailing comma, which JSON.parse refuses.
  const example = (name: string) => JSON.parse(fs.readFileSync(path.join(specDir, "examples", `${name}.json`), "utf8").replace(/,(\s*[}\]])/g, "$1"));
  // media.examples.<key>.$ref -> components.examples.<Name>.value.$ref -> examples/json/<File>.json (here: examples/<File>.json)
  const examplesOf = (media: (MediaType | undefined)[]) =>
    media
      .flatMap((m) => Object.values(m?.examples ?? {}))
      .map((e) => {
        const name = (e.$ref ?? "").split("/").pop()!;
        const file = (spec.components.examples[name].value as { $ref?: string }).$ref!;
        return { name, value: example(path.basename(file, ".json")) };
      });
  return {
    operation,
    responseValidator(method, pathTemplate, status) {
      const op = operation(method, pathTemplate);
      const ref = op && successJson(op, status)?.schema?.$ref;
      if (!ref) return undefined;
      if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: `spec${ref}` }));
      return compiled.get(ref);
    },
    exampleResponses(method, pathTemplate, status = /^2/) {
      const op = operation(method, pathTemplate);
      if (!op) return [];
      return examplesOf(
        Object.keys(op.responses)
          .filter((c) => status.test(c))
          .map((c) => op.responses[c].content?.["application/json"]),
      );
    },
    exampleRequests(method, pathTemplate) {
      return examplesOf([operation(method, pathTemplate)?.requestBody?.content["application/json"]]);
    },
    example,
  };
}

/** ajv's errors as one line each: where, what. */
export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}${e.params ? " " + JSON.stringify(e.params) : ""}`).join("; ");
}

/** The spec, or a skip of the running test whose title then says why (mocha's skip takes no reason). */
export function specOrSkip(ctx: Mocha.Context): OfficialSpec {
  const spec = officialSpec();
  if (spec) return spec;
  if (ctx.test) ctx.test.title += ` [skipped: ${missingSpecMessage}]`;
  process.stderr.write(`skipped: ${missingSpecMessage}\n`);
  return ctx.skip();
}
