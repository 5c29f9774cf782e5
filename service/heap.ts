/**
 * @module service/heap
 * The local service's CLI keeps V8's young generation at its initial size. Under load, V8 grew
 * it to 16 MB semi-spaces, and every scavenge of a space that size paused the service for 3-6
 * ms, which made its p99 latency (bench/service/profile.ts, --trace-gc). At the initial size
 * scavenges are more frequent but take about 0.3 ms, with the same throughput. Only the CLI
 * calls this: a library must not change the V8 flags of the process that embeds it.
 */
import * as v8 from "node:v8";

export function keepYoungGenerationSmall(): void {
  // Takes effect at run time (unlike --max-semi-space-size); an engine without it ignores it.
  v8.setFlagsFromString("--semi-space-growth-factor=1");
}
