/**
 * What the identity suites share: the warnings a step printed. Without an engine the provider's
 * warnings go to stderr as `warning: esign: ...` (deployment/engine-log.ts); this collects them.
 */
export async function warningsOf<T>(fn: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const warnings: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    const line = args.map(String).join(" ");
    if (line.startsWith("warning: esign: ")) warnings.push(line.slice("warning: esign: ".length));
    else original(...args);
  };
  try {
    return { result: await fn(), warnings };
  } finally {
    console.error = original;
  }
}
