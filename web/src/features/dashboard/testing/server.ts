// The dashboard's tests use the site's msw server (started in web/src/testing/setup.ts);
// they also close any sweetalert2 dialog a test left open.
import { configure } from '@testing-library/react';
import { server } from '@/testing/server';
import './browser-stubs';
import { waitForDialogToClose } from './dialogs';

export { server };

export function fakeNetwork() {
  // Lazy routes and sweetalert2's animations are slow on a busy machine: wait for what the
  // user would see for up to 8 s rather than 1 s, and give a whole journey 30 s.
  configure({ asyncUtilTimeout: 8000 });
  vi.setConfig({ testTimeout: 30_000 });
  afterEach(async () => {
    const Swal = (await import('sweetalert2')).default;
    if (Swal.isVisible()) {
      Swal.close();
      await waitForDialogToClose();
    }
  });
}
