// The newest version of each versioned endpoint of a domain, for the old-version check.

/** The newest version of each versioned endpoint, by method and path around its version segment. */
export type VersionIndex = ReadonlyMap<string, { version: number; normalizedPath: string }>;

const VERSION_SEGMENT = /^v(\d+)$/i;

/** The key of an endpoint's path with its first `v<N>` segment left out, and N; null without one. */
export function versionShape(
  method: string,
  segments: readonly string[],
): { key: string; version: number } | null {
  const at = segments.findIndex((s) => VERSION_SEGMENT.test(s));
  if (at < 0) return null;
  return {
    key: `${method}\n${segments.slice(0, at).join('/')}\n${segments.slice(at + 1).join('/')}`,
    version: Number(VERSION_SEGMENT.exec(segments[at]!)![1]),
  };
}

/**
 * Indexes a domain's endpoints by shape once, so each endpoint's old-version
 * check is one lookup: comparing every endpoint with every other froze the
 * server on a 10k-path spec (10^8 path splits).
 */
export function indexVersions(
  endpoints: readonly { method: string; normalizedPath: string }[],
): VersionIndex {
  const index = new Map<string, { version: number; normalizedPath: string }>();
  for (const e of endpoints) {
    const shape = versionShape(e.method, e.normalizedPath.split('/').filter(Boolean));
    if (!shape) continue;
    const newest = index.get(shape.key);
    if (!newest || shape.version > newest.version)
      index.set(shape.key, { version: shape.version, normalizedPath: e.normalizedPath });
  }
  return index;
}
