/** Ports of the servers the commands start: whether one is taken, and who listens there. */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether nothing listens on the port (on any address). */
export function portFree(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port: portNumber, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The inodes of the sockets listening on a TCP port (Linux: /proc/net/tcp and tcp6). */
function listeningInodes(portNumber: number): Set<string> {
  const inodes = new Set<string>();
  const hex = portNumber.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address "ADDR:PORT", state 0A = LISTEN, inode in the tenth column
      if (fields[1]?.endsWith(`:${hex}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * The process groups of the processes listening on a port (Linux; none elsewhere): a web server
 * Playwright started is the leader of a group of its own (its shell, npm, tsx and node).
 */
export function listenerGroups(portNumber: number): number[] {
  const inodes = listeningInodes(portNumber);
  if (!inodes.size) return [];
  const groups = new Set<number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        return link.startsWith('socket:[') && inodes.has(link.slice(8, -1));
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    try {
      // /proc/PID/stat: "pid (name) state ppid pgrp ...", the name may hold spaces
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (group > 1 && group !== process.pid) groups.add(group);
    } catch {
      // gone meanwhile
    }
  }
  return [...groups];
}
