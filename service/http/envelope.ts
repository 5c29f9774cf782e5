/**
 * @module service/http/envelope
 * A handler's answer on the wire, as its response spec says: a resource under its key, a page
 * as `{ list_info, <key>: items }`, the whole body, or none; warnings only when there are any.
 * With `checkReplies` (tests) the body is also checked against the contract's response schema,
 * so a handler that answers what the client would refuse fails at once, naming the field.
 */
import { envelopeOf, validate, type ResponseSpec, type Warning } from "../../contract";
import { Annotated, type Page, type Reply } from "../kernel";
import { ApiError } from "./errors";

/** The reply for `answer` (a value, or a value Annotated with warnings / a status). */
export function envelope(response: ResponseSpec, status: number, answer: unknown): Reply {
  const { value, extras } = answer instanceof Annotated ? answer : { value: answer, extras: {} };
  const warnings: { warnings?: readonly Warning[] } = extras.warnings?.length || (extras.warnings && extras.alwaysWarnings) ? { warnings: extras.warnings } : {};
  const answered = extras.status ?? status;
  switch (response.kind) {
    case "empty":
      return { status: answered };
    case "body":
      return { status: answered, body: value };
    case "resource":
      return { status: answered, body: { [response.key]: value, ...warnings } };
    case "list": {
      if (!isPage(value)) throw new Error(`a list answer needs { items }, got ${typeof value}`);
      const info = value.list_info ? { list_info: value.list_info } : {};
      return { status: answered, body: { ...info, [response.key]: value.items, ...warnings } };
    }
  }
}

function isPage(value: unknown): value is Page<unknown> {
  return typeof value === "object" && value !== null && "items" in value && Array.isArray(value.items);
}

/** Throws a 500 naming the field when the body is not what `response` (of the route `name`) accepts. */
export function checkReply(name: string, response: ResponseSpec, reply: Reply): void {
  const schema = envelopeOf(response);
  const v = schema ? validate(schema, reply.body) : reply.body === undefined ? { ok: true as const } : { ok: false as const, issues: [{ path: "", message: "must be empty" }] };
  if (!v.ok) throw new ApiError(500, "unknown", `The reply of ${name} does not match its response schema: ${v.issues.map((i) => `${i.path || "(body)"}: ${i.message}`).join("; ")}`);
}
