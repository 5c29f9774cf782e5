/**
 * Finds import cycles among the repository's TypeScript files by reading their static
 * `import ... from` / `export ... from` / `import "x"` statements (type-only imports count:
 * a type circle is still two modules that cannot be read one without the other). Dynamic
 * `import()` is left out: it runs later, so it ties no knot at load time.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

/** Relative specifiers of `file`'s static imports, resolved to files that exist. */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const spec = m[1];
    if (!spec.startsWith(".")) continue;
    const resolved = resolve(path.resolve(path.dirname(file), spec));
    if (resolved) out.push(resolved);
  }
  return out;
}

function resolve(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, path.join(base, "index.ts")]) {
    if (candidate.endsWith(".ts") && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : tsFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/**
 * The import cycles under `dirs` (relative to `root`), each as the sorted list of files of one
 * strongly connected component (Tarjan), paths relative to `root`. Edges leaving `dirs` are
 * followed only as far as files inside them, so a cycle through contract/ still shows.
 */
export function importCycles(root: string, dirs: string[]): string[][] {
  const files = dirs.flatMap((d) => tsFiles(path.join(root, d)));
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => files.includes(t))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfImport = graph.get(v)?.includes(v) ?? false;
    if (component.length > 1 || selfImport) cycles.push(component.map((f) => path.relative(root, f).split(path.sep).join("/")).sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

if (require.main === module) {
  const root = path.resolve(__dirname, "../..");
  const dirs = process.argv.slice(2);
  for (const c of importCycles(root, dirs.length ? dirs : ["provider", "service", "contract"])) console.log(c.join("\n  <-> "), "\n");
}

/** Runs `check` on a scratch tree of `files` (path -> text) in a temporary directory, removed after. */
export function onScratchTree(files: Record<string, string>, check: (dir: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "architecture-"));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    check(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
