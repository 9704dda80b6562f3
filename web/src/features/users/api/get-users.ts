import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';

export const getUsers = (nameOrEmail: string, cursor: string | null) =>
  fetchEndpoint(routes.users, { query: { nameOrEmail, limit: dashboardPageSize, cursor } });

export const usersQueryOptions = (nameOrEmail: string) =>
  infiniteQueryOptions({
    ...pagedListOptions(queryKeys.users.search(nameOrEmail), (cursor) => getUsers(nameOrEmail, cursor)),
    placeholderData: keepPreviousData,
  });

export const useUsers = (nameOrEmail: string) => useInfiniteQuery(usersQueryOptions(nameOrEmail));
