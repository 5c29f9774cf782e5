/**
 * The provider's warnings in process: without an engine, deployment/engine-log.ts writes them to
 * stderr through console.error (`warning: esign: ...`); this collects them while `fn` runs.
 */
export async function collectingWarnings<T>(fn: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...parts: unknown[]) => {
    const line = parts.map(String).join(" ");
    if (line.startsWith("warning: ")) lines.push(line);
    else original(...parts);
  };
  try {
    return { result: await fn(), warnings: lines };
  } finally {
    console.error = original;
  }
}
