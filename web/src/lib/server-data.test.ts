import { serverDataJson } from './server-data';

describe('the data a server-rendered page carries', () => {
  it('cannot close its script element, whatever a meal’s text holds', () => {
    const title = '</script><script>alert(1)</script><!--';
    const json = serverDataJson({ queries: { mutations: [], queries: [{ title }] } as never });
    expect(json).not.toMatch(/<\/script|<script|<!--/i);
    // Still the same data once parsed.
    expect(JSON.parse(json)).toEqual({ queries: { mutations: [], queries: [{ title }] } });
  });
});
