/**
 * Address ranges a webhook may never reach (server-side request forgery): private, loopback,
 * link-local (incl. the cloud metadata address 169.254.169.254), unique-local, shared, benchmark,
 * documentation, multicast and reserved space, local-use NAT64 (64:ff9b:1::/48, whose embedding of an
 * IPv4 address is the operator's choice) and Teredo (2001::/32, a tunnel to an IPv4 address behind a
 * NAT). IPv6 forms that embed an IPv4 address at a fixed place (mapped ::ffff:a.b.c.d, compatible
 * ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the embedded IPv4 address.
 */
import { BlockList, isIP, isIPv6 } from 'node:net';

const blockedV4: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation (TEST-NET-1)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation (TEST-NET-2)'],
  ['203.0.113.0', 24, 'documentation (TEST-NET-3)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['255.255.255.255', 32, 'broadcast'],
];

const blockedV6: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

function buildList(entries: ReadonlyArray<readonly [string, number, string]>, family: 'ipv4' | 'ipv6') {
  return entries.map(([network, prefix, label]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, label: `${network}/${prefix} ${label}` };
  });
}

const v4Lists = buildList(blockedV4, 'ipv4');
const v6Lists = buildList(blockedV6, 'ipv6');

/** Eight 16-bit groups of an IPv6 address (zone id and brackets removed), or null if it is not one. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  if (tail === undefined) return front.length === 8 ? front : null;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const v4FromGroups = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address embedded in a mapped, compatible, NAT64 or 6to4 IPv6 address, if any. */
export function embeddedIPv4(groups: readonly number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4FromGroups(g6, g7); // ::ffff:a.b.c.d (mapped)
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4FromGroups(g6, g7); // ::ffff:0:a.b.c.d (translated)
  if (zeroTo(6)) return v4FromGroups(g6, g7); // ::a.b.c.d (compatible; also :: and ::1)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4FromGroups(g6, g7); // NAT64
  if (g0 === 0x2002) return v4FromGroups(g1, g2); // 6to4
  return null;
}

/**
 * Why an address may not be contacted, or null if it is a public address. Anything that is not an IP
 * address is refused as well.
 */
export function blockedRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return v4Lists.find(({ list }) => list.check(bare, 'ipv4'))?.label ?? null;
  if (family !== 6) return 'not an IP address';
  const groups = ipv6Groups(bare);
  if (!groups) return 'not an IP address';
  const exact = v6Lists.find(({ list }) => list.check(bare, 'ipv6'));
  if (exact) return exact.label;
  const v4 = embeddedIPv4(groups);
  if (v4 !== null) {
    const inner = blockedRange(v4);
    return inner === null ? null : `${inner} (embedded in ${bare})`;
  }
  return null;
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/**
 * A loopback address: 127.0.0.0/8, ::1, or an IPv6 form embedding a 127.x address. Only a local stack
 * may deliver there (see webhook-url-guard.ts).
 */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return loopbackV4.check(bare, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return true;
  const v4 = embeddedIPv4(groups);
  return v4 !== null && loopbackV4.check(v4, 'ipv4');
}
