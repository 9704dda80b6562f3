import { setupServer } from 'msw/node';
import './browser-stubs';
import { waitForDialogToClose } from './dialogs';

/** The faked network of the dashboard's tests: any request without a handler fails the test. */
export const server = setupServer();

export function fakeNetwork() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    localStorage.clear();
    // A dialog left open by one test must not answer the next one's queries.
    const Swal = (await import('sweetalert2')).default;
    if (Swal.isVisible()) {
      Swal.close();
      await waitForDialogToClose();
    }
  });
  afterAll(() => server.close());
}
