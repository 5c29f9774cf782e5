#!/usr/bin/env node
// Runs a TypeScript entry point of this repo with ts-node (transpile only; `npm run build` type-checks).
process.env.TS_NODE_TRANSPILE_ONLY = "true";
require("ts-node/register");
const path = require("path");
const [entry, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], path.resolve(entry), ...rest];
require(path.resolve(entry));
