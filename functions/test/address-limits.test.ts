// The limits counted per address (lib/caller-address.ts, ADR 0066), with the X-Forwarded-For
// chains a deployment delivers: Google's front end appends whoever connected to it, which
// through a Hosting rewrite is the Hosting CDN's node, the visitor the entry before; and the
// anonymous writes (the unsubscribe button) counted per address like the reads.
import { describe, expect, it } from 'vitest';
import type { RouteName } from '@hostelhub/contracts';
import { callerAddress } from '../src/lib/caller-address.js';
import type { Query } from './support/emulators.js';
import { callWithHeaders, localApisWithLimits, type LocalApi } from './support/local-api.js';
import { someAddress } from './support/addresses.js';

/** A node of Firebase Hosting's CDN (Fastly's published ranges), different on every call. */
const edgeNode = () => someAddress(`151.101.${Math.floor(Math.random() * 256)}`);
/** An IPv6 /64 in the documentation range (RFC 3849), different on every call. */
const some64 = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

const localApi = localApisWithLimits();

/** Calls an entry of the table with X-Forwarded-For as the front end hands it to the function. */
const callWithChain = (api: LocalApi, name: RouteName, chain: string, query?: Query) =>
  callWithHeaders(name, { base: api.base, query, headers: { 'x-forwarded-for': chain } });

function expectRefusal(answer: Awaited<ReturnType<typeof callWithChain>>) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ message: expect.stringMatching(/too many requests/i) });
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
}

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status);

describe('the visitor’s address through a Hosting rewrite', () => {
  it('client, edge: two visitors behind one CDN node are counted apart', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 5 });
    const [edge, busy, other] = [edgeNode(), someAddress(), someAddress()];
    const read = (visitor: string) => callWithChain(api, 'packages', `${visitor}, ${edge}`);

    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await read(busy));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200]);
    expectRefusal(await read(busy));
    // Served by the same node, another visitor still reads.
    expect((await read(other)).status).toBe(200);
  });

  it('spoofed, client, edge: rotating the entry a visitor writes keeps their count, and spends no one else’s', async () => {
    const api = await localApi({ tokenExchangesPerMinute: 3 });
    const [edge, visitor, victim] = [edgeNode(), someAddress(), someAddress()];
    const exchange = (chain: string) => callWithChain(api, 'jwt', chain);

    const answers = [];
    for (let index = 0; index < 3; index++) answers.push(await exchange(`${someAddress()}, ${visitor}, ${edge}`));
    // No Firebase ID token: each is a 401, counted before Auth is asked.
    expect(statuses(answers)).toEqual([401, 401, 401]);
    expectRefusal(await exchange(`${victim}, ${visitor}, ${edge}`));
    expect((await exchange(`${victim}, ${edge}`)).status).toBe(401);
  });

  it('a shield node after the edge (client, edge, shield) still names the visitor', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 2 });
    const [visitor, other] = [someAddress(), someAddress()];
    const read = (from: string) => callWithChain(api, 'packages', `${from}, ${edgeNode()}, ${edgeNode()}`);

    expect(statuses([await read(visitor), await read(visitor)])).toEqual([200, 200]);
    expectRefusal(await read(visitor));
    expect((await read(other)).status).toBe(200);
  });

  it('a direct call (no Hosting hop) is its last entry, and shares one count with the same visitor through Hosting', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 4 });
    const [visitor, victim] = [someAddress(), someAddress()];
    // Called directly, a caller may write a CDN node's address too: the front end's entry is last.
    const direct = () => callWithChain(api, 'packages', `${victim}, ${edgeNode()}, ${visitor}`);
    const throughHosting = () => callWithChain(api, 'packages', `${visitor}, ${edgeNode()}`);

    const answers = [await direct(), await direct(), await throughHosting(), await throughHosting()];
    expect(statuses(answers)).toEqual([200, 200, 200, 200]);
    expectRefusal(await direct());
    expectRefusal(await throughHosting());
    expect((await callWithChain(api, 'packages', `${victim}, ${edgeNode()}`)).status).toBe(200);
  });

  it('counts an IPv6 visitor by its /64, through Hosting and directly', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 3 });
    const [home, neighbour] = [some64(), some64()];
    const answers = [
      await callWithChain(api, 'packages', `${home}::1, ${edgeNode()}`),
      await callWithChain(api, 'packages', `${home}:ffff:1:2:3, ${edgeNode()}`),
      await callWithChain(api, 'packages', `${home}::abcd`),
    ];
    expect(statuses(answers)).toEqual([200, 200, 200]);
    // Any other address of the same /64 is the same caller.
    expectRefusal(await callWithChain(api, 'packages', `${home}:9:8:7:6`));
    expect((await callWithChain(api, 'packages', `${neighbour}::1, ${edgeNode()}`)).status).toBe(200);
  });
});

describe('callerAddress, chain by chain', () => {
  const from = (chain: string | undefined, socket = '::ffff:127.0.0.1') =>
    callerAddress({
      header: ((name: string) => (name === 'x-forwarded-for' ? chain : undefined)) as never,
      socket: { remoteAddress: socket } as never,
    });

  it('reads the chain from the right, skipping at most two CDN nodes, never the first entry', () => {
    expect(from('192.0.2.1, 151.101.1.1')).toBe('192.0.2.1');
    expect(from('10.0.0.1, 192.0.2.1, 151.101.1.1')).toBe('192.0.2.1');
    expect(from('192.0.2.1, 151.101.1.1, 199.232.5.5')).toBe('192.0.2.1');
    expect(from('192.0.2.1, 151.101.1.1, 151.101.2.2, 151.101.3.3')).toBe('151.101.1.1');
    expect(from('192.0.2.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(from('192.0.2.1, [2a04:4e42::7]:443')).toBe('192.0.2.1');
    // The node alone, or a node after something the CDN did not write: the node, as before.
    expect(from('151.101.1.1')).toBe('151.101.1.1');
    expect(from('not-an-address, 151.101.1.1')).toBe('151.101.1.1');
  });

  it('keys IPv6 on its /64 and an IPv4-mapped address as IPv4; without a front end, the socket', () => {
    expect(from('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(from('2001:db8::1, 151.101.1.1')).toBe('2001:db8:0:0::/64');
    expect(from('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(from(undefined)).toBe('127.0.0.1');
    expect(from('garbage', '2001:db8:5:6::9')).toBe('2001:db8:5:6::/64');
  });

  it('takes further CDN ranges from HOSTING_EDGE_RANGES', () => {
    const saved = process.env.HOSTING_EDGE_RANGES;
    process.env.HOSTING_EDGE_RANGES = '198.18.0.0/15, not-a-range';
    try {
      expect(from('192.0.2.1, 198.18.4.4')).toBe('192.0.2.1');
    } finally {
      if (saved === undefined) delete process.env.HOSTING_EDGE_RANGES;
      else process.env.HOSTING_EDGE_RANGES = saved;
    }
    expect(from('192.0.2.1, 198.18.4.4')).toBe('198.18.4.4');
  });
});

describe('anonymous writes: the unsubscribe button, per address', () => {
  it('refuses an address past the writes limit with 429 and Retry-After; another address goes on', async () => {
    const api = await localApi({ writesPerMinute: 3 });
    const [edge, busy, other] = [edgeNode(), someAddress(), someAddress()];
    const press = (visitor: string) =>
      callWithChain(api, 'unsubscribeOneClick', `${visitor}, ${edge}`, { token: `v1.${someAddress()}.x` });

    const answers = [];
    for (let index = 0; index < 3; index++) answers.push(await press(busy));
    // A made-up link: its page says so, each press counted all the same.
    expect(statuses(answers)).toEqual([400, 400, 400]);
    expectRefusal(await press(busy));
    expect((await press(other)).status).toBe(400);
  });
});
