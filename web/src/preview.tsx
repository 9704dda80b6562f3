import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { dashboardRoutes } from './features/dashboard/routes';
import { DashboardSessionContext } from './features/dashboard/session';
import './index.css';

const role = new URLSearchParams(location.search).get('role') === 'admin' ? 'admin' : 'student';
const session = {
  user: { uid: 'u', email: `${role}@hostelhub.test`, displayName: role === 'admin' ? 'Ada Admin' : 'Mia Member', photoURL: null },
  loading: false,
  profile: { role, badge: 'Gold', membership: { packageName: 'Gold' }, numberOfMeals: 12, name: role === 'admin' ? 'Ada Admin' : 'Mia Member', email: `${role}@hostelhub.test`, photoURL: null },
  profileLoading: false,
  refreshProfile: () => undefined,
} as const;
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <DashboardSessionContext.Provider value={session as never}>
      <RouterProvider router={createBrowserRouter([...dashboardRoutes, { path: '*', element: <p>elsewhere</p> }])} />
    </DashboardSessionContext.Provider>
  </QueryClientProvider>,
);
