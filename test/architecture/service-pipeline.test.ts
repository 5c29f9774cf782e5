/**
 * The API pipeline's stages narrow the call (Routed -> Authenticated -> Read -> Rated ->
 * Parsed) instead of reading a bag of optional fields, so the pipeline and the route glue
 * need no non-null assertion (`x!`) (issue 36 item 3).
 */
import assert from "node:assert/strict";
import * as path from "node:path";
import ts from "typescript";
import { eachNode, parse, tsFilesUnder, where } from "../../scripts/house/tree";

const ROOT = path.resolve(__dirname, "../..");
const PIPELINE = [...tsFilesUnder(ROOT, "service/pipeline"), "service/http/route.ts", "service/http/envelope.ts"];

describe("architecture: the service pipeline", () => {
  it("has no non-null assertion", () => {
    const at = PIPELINE.flatMap((file) => {
      const sf = parse(ROOT, file);
      const found: string[] = [];
      eachNode(sf, (n) => {
        if (ts.isNonNullExpression(n)) found.push(where(sf, n));
      });
      return found;
    });
    assert.ok(PIPELINE.length >= 10, "the pipeline's files are read");
    assert.deepEqual(at, []);
  });
});
