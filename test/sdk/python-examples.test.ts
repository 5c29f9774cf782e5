/**
 * The schema's Python usage examples (provider/schema/examples/) compile and call sdk/python's
 * names with its keyword arguments. Moved out of the fast tier (test/provider/native/examples.test.ts),
 * which needs Node.js alone; this tier has Python.
 */
import * as assert from "assert";
import { spawnSync } from "child_process";
import * as path from "path";
import { resourceExamples } from "../../provider/schema/examples";
import { registry } from "../../provider/resources/registry";

const root = path.resolve(__dirname, "..", "..");
const kinds = Object.keys(registry);

describe("sdk: the schema's Python usage examples", () => {
  it("the Python examples compile and call sdk/python's names with its keyword arguments", () => {
    // Python's own parser (ast) reads the examples and the SDK's signatures: nothing is imported.
    const check = `
import ast, json, sys
sdk = sys.argv[1]
def params(node):
    a = node.args
    return [x.arg for x in a.args + a.kwonlyargs]
names = {}
import glob, os
for f in glob.glob(os.path.join(sdk, "*.py")):
    for node in ast.parse(open(f).read()).body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            names[node.name] = params(node)
        if isinstance(node, ast.ClassDef):
            inits = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
            names[node.name] = sorted({p for n in inits for p in params(n)})
problems = []
for label, source in json.load(sys.stdin):
    compile(source, label, "exec")
    for call in ast.walk(ast.parse(source)):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and getattr(call.func.value, "id", "") == "esign":
            name = call.func.attr
            if name not in names:
                problems.append(f"{label}: esign.{name} is not in sdk/python")
                continue
            for kw in call.keywords:
                if kw.arg not in names[name]:
                    problems.append(f"{label}: esign.{name} takes no {kw.arg}")
print("\\n".join(problems))
sys.exit(1 if problems else 0)
`;
    const sources = kinds.flatMap((k) => resourceExamples[k].map((e, i) => [`${k}[${i}].py`, e.python]));
    const r = spawnSync("python3", ["-c", check, path.join(root, "sdk", "python", "pulumi_esign")], { input: JSON.stringify(sources), encoding: "utf8" });
    assert.strictEqual(r.status, 0, r.stdout + r.stderr);
  });
});
