/**
 * `npm run emulator:compare -- <dir>`: replays a recorded set (ESIGN_RECORD=<dir>) against a
 * fresh local service and lists every difference between the recorded answers and the
 * emulator's (replay.ts); exits 1 when there is any, 2 on a usage error. A development tool:
 * not part of the package users install.
 */
import { compareRecording } from "./replay";

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || process.argv.length > 3) {
    console.error("usage: npm run emulator:compare -- <recording directory>");
    process.exit(2);
  }
  const reports = await compareRecording(dir);
  let differing = 0;
  for (const report of reports) {
    if (report.differences.length === 0) continue;
    differing += 1;
    console.log(`${report.file}: ${report.request}`);
    for (const line of report.differences) console.log(`  ${line}`);
  }
  console.log(`${reports.length} exchanges replayed, ${differing} with differences`);
  process.exit(differing > 0 ? 1 : 0);
}

main().catch((error: Error) => {
  console.error(`emulator:compare: ${error.message}`);
  process.exit(2);
});
