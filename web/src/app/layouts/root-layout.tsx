import { Outlet } from 'react-router';

/** Header, page, footer. */
export function RootLayout() {
  return <Outlet />;
}
