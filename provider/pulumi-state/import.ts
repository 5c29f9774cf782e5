/**
 * The one write of `esign recover`'s state edit (DECISIONS D132): `pulumi stack import` of the
 * edited deployment, only while the stack's checkpoint is still the one the edit was made from.
 *
 * `stack export`, the edit and `stack import` hold no lock, and the finders talk to the service
 * in between (seconds, minutes on a large account). An update that ran meanwhile wrote a newer
 * checkpoint, which the import would overwrite with the older one plus the edit: its resources
 * forgotten, objects made twice by the next up. So just before the import the stack is exported
 * again and compared with what was read, and on a file backend its lock directory is looked at
 * (an update under way has not written its checkpoint yet). Either differs: nothing is imported.
 * What remains is the moment between that export and the import; on Pulumi Cloud an update
 * running then makes the import itself fail (the service refuses a second update of a stack).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { ExportedDeployment } from "./export";
import { mustPulumi } from "./cli";
import { describeLock, type StackLock } from "./locks";

/** The same checkpoint: the two exports' JSON equal, whitespace aside. */
export function sameCheckpoint(a: string, b: string): boolean {
  return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
}

export interface GuardedImport {
  dir: string;
  stack: string;
  /** The `pulumi stack export` output the edit was made from. */
  read: string;
  edited: ExportedDeployment;
  /** The stack's locks now (a file backend), or undefined where they cannot be seen. */
  locksNow: () => StackLock[] | undefined;
}

/** Imports the edit; resolves to the one-line refusal when the stack moved on since `read` (nothing imported). */
export async function importUnlessChanged(g: GuardedImport): Promise<string | undefined> {
  const again = "nothing was imported: run esign recover again";
  const locks = g.locksNow() ?? [];
  if (locks.length) return `stack ${g.stack} was locked after recover read it (${locks.map(describeLock).join("; ")}); ${again} once that update ends`;
  const now = await mustPulumi(g.dir, ["stack", "export", "--stack", g.stack], "pulumi stack export");
  if (!sameCheckpoint(g.read, now)) return `stack ${g.stack} changed after recover read it (an update ran in between); ${again}`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-recover-")), "state.json");
  try {
    fs.writeFileSync(file, JSON.stringify(g.edited), { mode: 0o600 });
    await mustPulumi(g.dir, ["stack", "import", "--file", file, "--stack", g.stack], "pulumi stack import");
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return undefined;
}
