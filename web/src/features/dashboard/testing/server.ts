import { setupServer } from 'msw/node';

/** The faked network of the dashboard's tests: any request without a handler fails the test. */
export const server = setupServer();

export function fakeNetwork() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
}
