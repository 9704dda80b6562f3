// The caller's address, for the limits counted per address (lib/rate-limit.ts, ADR 0066).
//
// A request reaches a function only through Google's front end, which APPENDS the address
// that connected to it to whatever X-Forwarded-For arrived: the last entry is the only one no
// caller chooses. Called directly, that is the caller. Through a Hosting rewrite it is the
// Hosting CDN's node (Firebase Hosting runs on Fastly), and the visitor is the entry before:
// Fastly appends the address that connected to it (client.ip) when it first sees a request
// over TLS, and a shield node appends the edge node's (Fastly's X-Forwarded-For reference).
// So the chain is read from the right: the last entry, and, while that is a node of the CDN,
// the entry the CDN wrote before it. Every entry left of the visitor's is the visitor's own
// choice and never read. Fastly-Client-IP is not used: Fastly takes a client's own value of
// it unless the service's configuration resets it (Fastly's Fastly-Client-IP reference), and
// Firebase documents no such reset; called directly, anyone can send it.
import type { Request } from 'express';
import { BlockList, isIP } from 'node:net';

/**
 * Fastly's published address ranges (https://api.fastly.com/public-ip-list, "This list is
 * exhaustive and includes all Fastly-owned IP ranges"), which Firebase Hosting's nodes call
 * from. HOSTING_EDGE_RANGES (comma-separated CIDRs, functions/.env.<project>) adds others,
 * should the check after the first deploy (docs/security.md) show another hop.
 */
export const fastlyRanges = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
];

/** An edge node and a shield node: the most CDN hops a Hosting request carries. */
const maxEdgeHops = 2;

let edges: { setting: string; list: BlockList } | null = null;
function edgeList(): BlockList {
  const setting = process.env.HOSTING_EDGE_RANGES ?? '';
  if (edges?.setting === setting) return edges.list;
  const list = new BlockList();
  for (const range of [...fastlyRanges, ...setting.split(',')]) {
    const [network, bits] = range.trim().split('/');
    const family = network ? isIP(network) : 0;
    // A range that does not parse is left out rather than stop every call.
    if (family === 0 || !/^\d+$/.test(bits ?? '')) continue;
    list.addSubnet(network!, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  edges = { setting, list };
  return list;
}

type Address = { address: string; family: 4 | 6 };

/** An entry as an address: without a port, brackets or zone; an IPv4-mapped one as IPv4. */
export function parseAddress(entry: string | undefined): Address | null {
  let text = (entry ?? '').trim();
  text = /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1] ?? text;
  text = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text)?.[1] ?? text;
  text = text.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text)?.[1];
  if (mapped) text = mapped;
  const family = isIP(text);
  return family === 4 || family === 6 ? { address: text.toLowerCase(), family } : null;
}

const isEdge = ({ address, family }: Address) => edgeList().check(address, family === 4 ? 'ipv4' : 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What a caller is counted as: an IPv4 address, or an IPv6 address's /64. One household or
 * phone is handed a whole /64 and may pick any address in it, so counting per address would
 * give it 2^64 counts of its own.
 */
export function addressKey({ address, family }: Address): string {
  if (family === 4) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}

/**
 * The visitor's address as the platform delivers it (see the top of this file): the last
 * X-Forwarded-For entry, or, while that is a Hosting CDN node, the entry before it. Without a
 * front end (tests, a local server) the socket's address is the caller's.
 */
export function callerAddress(req: Pick<Request, 'header' | 'socket'>): string {
  const chain = (req.header('x-forwarded-for') ?? '').split(',');
  let index = chain.length - 1;
  let caller = parseAddress(chain[index]);
  if (!caller) {
    const socket = parseAddress(req.socket.remoteAddress);
    return socket ? addressKey(socket) : 'unknown';
  }
  for (let hops = 0; hops < maxEdgeHops && isEdge(caller); hops++) {
    // An entry the CDN wrote that is not an address: keep the node, as before this was read.
    const before = index > 0 ? parseAddress(chain[index - 1]) : null;
    if (!before) break;
    index -= 1;
    caller = before;
  }
  return addressKey(caller);
}
