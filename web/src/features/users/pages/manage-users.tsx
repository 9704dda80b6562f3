import { useState } from 'react';
import { Avatar } from '@/components/avatar';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { SearchBox } from '@/components/search-box';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import type { ManagedUser } from '@hostelhub/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { confirmAction, reportActionError, showSuccess } from '@/lib/dialogs';
import { formatMembership } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';

export function ManageUsersPage() {
  const [search, setSearch] = useState('');
  const nameOrEmail = useDebouncedValue(search.trim());
  const users = useUsers(nameOrEmail);
  const makeAdmin = useMakeAdmin();
  const rows = rowsOf(users.data);

  const onMakeAdmin = async (user: ManagedUser) => {
    const confirmed = await confirmAction(
      'Make this user an admin?',
      `${user.name} (${user.email}) will get every admin page.`,
      'Yes, make admin',
    );
    if (!confirmed) return;
    try {
      await makeAdmin.mutateAsync(user._id);
      await showSuccess(`${user.name} is now an admin`, undefined, 1500);
    } catch (error) {
      await reportActionError(error);
    }
  };

  return (
    <section>
      <PageTitle>Manage Users</PageTitle>
      <SearchBox label="Search users" placeholder="Name or email" value={search} onChange={setSearch} />
      <ListStates query={users} isEmpty={rows.length === 0} emptyMessage="No users found.">
        <>
          <TableFrame caption="Users" headers={['#', 'User', 'Email', 'Subscription', 'Role', 'Make Admin']}>
            {rows.map((user, index) => (
              <TableRow key={user._id}>
                <td className={cellClass}>{index + 1}</td>
                <td className={cellClass}>
                  <span className="flex items-center gap-3 font-medium whitespace-nowrap">
                    <Avatar src={user.photoURL} name={user.name} className="size-9 shrink-0" />
                    {user.name}
                  </span>
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>{user.email}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatMembership(user)}</td>
                <td className={`${cellClass} capitalize`}>{user.role}</td>
                <td className={cellClass}>
                  <button
                    type="button"
                    onClick={() => onMakeAdmin(user)}
                    disabled={user.role === 'admin' || (makeAdmin.isPending && makeAdmin.variables === user._id)}
                    // The name starts with what the button shows (WCAG 2.5.3, label in name).
                    aria-label={`Make Admin: ${user.name}`}
                    className="btn-primary btn-sm"
                  >
                    Make Admin
                  </button>
                </td>
              </TableRow>
            ))}
          </TableFrame>
          <LoadMore {...users} />
        </>
      </ListStates>
    </section>
  );
}
