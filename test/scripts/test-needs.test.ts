/**
 * scripts/test prepares the Pulumi CLI, Pulumi YAML's language host and the current toolchain
 * only for the suites that need them (scripts/test-needs.js reads mocha's arguments the way mocha does): the fast tier and the
 * service suites start without either; no arguments means every suite, so both.
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import { repoRoot } from "../engine/support/engine";

const needs = (...args: string[]) =>
  execFileSync("node", ["scripts/test-needs.js", ...args], { cwd: repoRoot, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);

describe("scripts/test: what the selected suites need", () => {
  it("every suite (no arguments, or the default glob): the engine, YAML and the current toolchain", () => {
    assert.deepStrictEqual(needs(), ["engine", "yaml", "current"]);
    assert.deepStrictEqual(needs("test/**/*.test.ts"), ["engine", "yaml", "current"]);
  });

  it("the fast tier, the service, the client: nothing", () => {
    assert.deepStrictEqual(needs("test/provider/**/*.test.ts"), []);
    assert.deepStrictEqual(needs("test/provider"), []);
    assert.deepStrictEqual(needs("test/service/**/*.test.ts", "test/client/retry.test.ts"), []);
  });

  it("an engine or packaging suite: the engine; a YAML suite: YAML too; the current-toolchain suite: all three", () => {
    assert.deepStrictEqual(needs("test/engine/resources/team.test.ts"), ["engine"]);
    assert.deepStrictEqual(needs("test/packaging/pack-contents.test.ts"), ["engine"]);
    assert.deepStrictEqual(needs("test/engine/yaml"), ["engine", "yaml"]);
    // recover's native proofs run YAML programs; its dynamic suite does not.
    assert.deepStrictEqual(needs("test/engine/recover"), ["engine", "yaml"]);
    assert.deepStrictEqual(needs("test/engine/recover/cut-off.test.ts"), ["engine"]);
    // The YAML install path from the release runs pulumi-language-yaml; the other install paths do not.
    assert.deepStrictEqual(needs("test/packaging/plugin-yaml.test.ts"), ["engine", "yaml"]);
    assert.deepStrictEqual(needs("test/packaging/plugin-go.test.ts", "test/packaging/plugin-typescript.test.ts"), ["engine"]);
    assert.deepStrictEqual(needs("test/packaging"), ["engine", "yaml", "current"]);
    assert.deepStrictEqual(needs("--spec", "test/packaging/current-toolchain.test.ts"), ["engine", "yaml", "current"]);
  });

  it("a flag's value is not a spec", () => {
    assert.deepStrictEqual(needs("--grep", "test/engine/resources/team.test.ts", "test/client"), []);
    assert.deepStrictEqual(needs("--timeout", "5000", "test/engine/resources/team.test.ts"), ["engine"]);
  });
});
