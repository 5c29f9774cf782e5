#!/usr/bin/env node
/**
 * Which toolchains the selected suites need, for scripts/test: prints `engine` when a selected
 * suite drives the real Pulumi CLI (test/engine/, test/packaging/, test/acceptance/), `yaml` when one runs Pulumi
 * YAML projects (test/engine/yaml/, YAML_SUITES below, the current-toolchain suites: pulumi-language-yaml beside
 * the CLI) and `current` when a current-toolchain suite is among them. Arguments are mocha's: spec paths, directories or
 * globs (none: every suite), mixed with flags, whose values are not specs.
 */
const fs = require("fs");
const path = require("path");
const { globSync } = require("glob");

const ALL = "test/**/*.test.ts";
/** mocha flags that take a value as the next argument. */
const VALUED = new Set([
  "--extension",
  "--file",
  "--global",
  "--globals",
  "--ignore",
  "--exclude",
  "--node-option",
  "-n",
  "--reporter-option",
  "--reporter-options",
  "-O",
  "--require",
  "-r",
  "--watch-files",
  "--watch-ignore",
  "--retries",
  "--jobs",
  "-j",
  "--config",
  "--fgrep",
  "-f",
  "--grep",
  "-g",
  "--package",
  "--reporter",
  "-R",
  "--ui",
  "-u",
  "--slow",
  "-s",
  "--timeout",
  "-t",
  "--timeouts",
]);

function specs(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--spec") out.push(args[++i]);
    else if (a.startsWith("--spec=")) out.push(a.slice("--spec=".length));
    else if (VALUED.has(a)) i++;
    else if (!a.startsWith("-")) out.push(a);
  }
  return out.length ? out : [ALL];
}

function files(spec) {
  const stat = fs.statSync(spec, { throwIfNoEntry: false });
  if (stat?.isFile()) return [spec];
  const pattern = stat?.isDirectory() ? path.join(spec, "**/*.test.ts") : spec;
  return globSync(pattern, { posix: true });
}

const selected = specs(process.argv.slice(2))
  .flatMap(files)
  .map((f) => path.relative(".", f).split(path.sep).join("/"));
if (selected.some((f) => f.startsWith("test/engine/") || f.startsWith("test/packaging/") || f.startsWith("test/acceptance/"))) console.log("engine");
const current = selected.some((f) => /^test\/packaging\/current-toolchain[^/]*\.test\.ts$/.test(f));
/** Suites that run YAML projects outside test/engine/yaml/ (recover's native proofs are YAML programs). */
const YAML_SUITES = new Set(["test/packaging/plugin-yaml.test.ts", "test/engine/recover/yaml.test.ts", "test/engine/recover/plain-up.test.ts"]);
const yaml = selected.some((f) => f.startsWith("test/engine/yaml/") || YAML_SUITES.has(f));
if (current || yaml) console.log("yaml");
if (current) console.log("current");
