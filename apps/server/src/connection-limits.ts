// Bounds on what one client can hold open: at most `maxPerAddress` connections per TCP peer
// (the review held ~60 s of slow headers and 120 s of slow bodies on as many sockets as it
// opened). A connection past the cap is closed before a byte is read.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Close connections from a peer address that already holds `maxPerAddress` (0: no cap). */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): void {
  if (maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
