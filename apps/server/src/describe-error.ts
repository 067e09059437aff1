/**
 * An error with its chain of causes, one per line, with PostgreSQL's code and detail where
 * present: drizzle wraps a driver error as "Failed query: …" and keeps the reason in `cause`.
 */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current !== undefined && current !== null;) {
    if (seen.has(current)) break;
    seen.add(current);
    if (!(current instanceof Error)) {
      lines.push(String(current));
      break;
    }
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    const extra = [code ? `code ${String(code)}` : '', detail ? String(detail) : '']
      .filter(Boolean)
      .join('; ');
    lines.push(
      `${lines.length ? 'caused by: ' : ''}${current.message}${extra ? ` (${extra})` : ''}`,
    );
    current = current.cause;
  }
  return lines.join('\n');
}
