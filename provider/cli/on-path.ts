/** Where a command is on PATH (the first executable of that name), as the shell would find it. */
import * as fs from "fs";
import * as path from "path";

export function onPath(name: string, env: Record<string, string | undefined> = process.env): string | undefined {
  const exts = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean))
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return file;
      } catch {
        // not here
      }
    }
  return undefined;
}
