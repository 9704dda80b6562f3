import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { readServerData, serverDataElementId, serverDataJson } from './server-data';

/** The client's page with `json` in its data element. */
function pageCarrying(json: string) {
  document.body.innerHTML = '';
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = serverDataElementId;
  element.textContent = json;
  document.body.append(element);
}

async function answeredClient() {
  const client = new QueryClient();
  await client.prefetchQuery({ queryKey: ['meals', 'by-category', ''], queryFn: () => [{ title: 'Soup' }] });
  await client.prefetchQuery({ queryKey: ['packages'], queryFn: () => [] });
  return client;
}

describe('the data a server-rendered page carries', () => {
  it('cannot close its script element, whatever a meal’s text holds', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const client = new QueryClient();
    await client.prefetchQuery({ queryKey: ['meal'], queryFn: () => ({ title }) });
    const json = serverDataJson({ queries: dehydrate(client) });
    expect(json).not.toMatch(/<\/script|<script|<!--/i);
    // Still the same data once parsed.
    pageCarrying(json);
    expect(readServerData()!.queries.queries[0]!.state.data).toEqual({ title });
  });

  it('leaves out what the browser knows, and hands back the state TanStack Query dehydrated', async () => {
    const dehydrated = dehydrate(await answeredClient());
    const json = serverDataJson({ queries: dehydrated, zones: {} });
    expect(json).not.toMatch(/queryHash|fetchFailureReason|dehydratedAt/);
    expect(json.length).toBeLessThan(JSON.stringify(dehydrated).length - 300);
    pageCarrying(json);
    const read = readServerData()!;
    expect(read.zones).toEqual({});
    expect(read.queries.queries.map(({ queryKey, state }) => ({ queryKey, state }))).toEqual(
      dehydrated.queries.map(({ queryKey, state }) => ({ queryKey, state })),
    );
    // And the client holds each answer as fresh as the server read it.
    const client = new QueryClient();
    hydrate(client, read.queries);
    const [meals] = client.getQueryCache().findAll({ queryKey: ['meals'] });
    expect(meals!.queryHash).toBe(dehydrated.queries[0]!.queryHash);
    expect(meals!.state).toMatchObject({ ...dehydrated.queries[0]!.state, fetchStatus: 'idle' });
  });

  it('keeps what differs from an answer read without error', async () => {
    const client = await answeredClient();
    await client.invalidateQueries({ queryKey: ['packages'], refetchType: 'none' });
    pageCarrying(serverDataJson({ queries: dehydrate(client) }));
    const packages = readServerData()!.queries.queries.find(({ queryKey }) => queryKey[0] === 'packages')!;
    expect(packages.state.isInvalidated).toBe(true);
  });
});
