/** Unit tests of the detect_fields page_range parser (zero-based, strict). */
import * as assert from "node:assert/strict";
import { formatPageRange, PageRangeError, parsePageRange, selectPages } from "../../../service/areas/detection";

describe("page_range parser (unit)", () => {
  it("parses all, single indexes and inclusive ranges", () => {
    assert.equal(parsePageRange("all"), "all");
    assert.deepEqual(parsePageRange("0"), [0]);
    assert.deepEqual(parsePageRange("3,1,1"), [1, 3]);
    assert.deepEqual(parsePageRange("0-2,5,7-7"), [0, 1, 2, 5, 7]);
  });

  it("rejects anything else strictly", () => {
    for (const bad of ["", " ", "ALL", "all,1", "1,", ",1", "1,,2", "-1", "1-", "a", "1 - 2", "1.5", "2-1", "1-2-3", "0x1", "１"]) {
      assert.throws(() => parsePageRange(bad), PageRangeError, JSON.stringify(bad));
    }
  });

  it("splits requested pages into existing and beyond the page count", () => {
    assert.deepEqual(selectPages("all", 3), { pages: [0, 1, 2], beyond: [] });
    assert.deepEqual(selectPages("1-4", 3), { pages: [1, 2], beyond: [3, 4] });
    assert.deepEqual(selectPages("9", 3), { pages: [], beyond: [9] });
    // Huge indexes end quickly (clamped) and are simply beyond the last page.
    assert.deepEqual(selectPages("99999999999999999999", 3).pages, []);
    assert.equal(selectPages("2-99999999999999999999", 3).pages.join(), "2");
  });

  it("formats index lists back into the same syntax", () => {
    assert.equal(formatPageRange([0, 1, 2, 5, 7, 8]), "0-2,5,7-8");
    assert.equal(formatPageRange([]), "");
  });
});
