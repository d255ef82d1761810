// Which hosts of a HAR are the API it records. A browser session's export also holds the
// page's own host, trackers, CDNs and font hosts: those answer scripts, images, beacons and
// pages, not data. A host is one of the API's when it answers or is sent data (JSON, XML,
// GraphQL, protobuf, event streams) or takes PUT/PATCH/DELETE, at least a fifth as often as the busiest such
// host; a HAR where no host does keeps every host (nothing tells them apart).

/** What the reader knows of one entry: its host, method, and the content types of both sides. */
export interface HostEntry {
  host: string;
  method: string;
  responseType: string;
  requestType: string;
}

const DATA_TYPE = /json|xml|graphql|protobuf|grpc|ndjson|event-stream|msgpack|cbor/i;
/** Writes trackers never send (a beacon is a POST). */
const WRITES = new Set(['PUT', 'PATCH', 'DELETE']);
/** A host answering data this share as often as the busiest one is one of the API's. */
const SHARE_OF_BUSIEST = 0.2;

/** Whether an entry looks like an API call: data answered or sent, or a write. */
function dataCall(e: HostEntry): boolean {
  return DATA_TYPE.test(e.responseType) || DATA_TYPE.test(e.requestType) || WRITES.has(e.method);
}

/** The API's hosts among a HAR's entries, or null when every host is kept. */
export function apiHosts(entries: readonly HostEntry[]): Set<string> | null {
  const calls = new Map<string, number>();
  for (const e of entries) if (dataCall(e)) calls.set(e.host, (calls.get(e.host) ?? 0) + 1);
  const busiest = Math.max(0, ...calls.values());
  if (busiest === 0) return null;
  const hosts = new Set<string>();
  for (const [host, n] of calls) if (n >= busiest * SHARE_OF_BUSIEST) hosts.add(host);
  return hosts;
}
