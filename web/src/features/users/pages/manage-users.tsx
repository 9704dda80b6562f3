import { useState } from 'react';
import { Avatar } from '@/components/avatar';
import { ListStates } from '@/components/list-states';
import { LoadMore } from '@/components/load-more';
import { PageTitle } from '@/components/page-title';
import { SearchBox } from '@/components/search-box';
import { cellClass, TableFrame, TableRow } from '@/components/table-frame';
import type { ManagedUser, Role } from '@hostelhub/contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSession } from '@/lib/auth';
import { confirmAction, reportActionError, showSuccess } from '@/lib/dialogs';
import { formatMembership } from '@/lib/format';
import { rowsOf } from '@/lib/paged-list';
import { useUsers } from '../api/get-users';
import { useChangeRole } from '../api/change-role';

const roleNames: Record<Role, string> = { admin: 'an admin', staff: 'kitchen staff', student: 'a student' };

const roleChangeWords: Record<Role, (user: ManagedUser) => { title: string; text: string; confirm: string }> = {
  admin: (user) => ({
    title: 'Make this user an admin?',
    text: `${user.name} (${user.email}) will get every admin page.`,
    confirm: 'Yes, make admin',
  }),
  staff: (user) => ({
    title: 'Make this user kitchen staff?',
    text: `${user.name} (${user.email}) will get the counter, the kitchen view and Serve Meals, and nothing else of the admin pages.`,
    confirm: 'Yes, make staff',
  }),
  student: (user) => ({
    title: `Make this ${user.role === 'staff' ? 'staff member' : 'admin'} a student?`,
    text: `${user.name} (${user.email}) will lose every ${user.role === 'staff' ? 'kitchen' : 'admin'} page. This can be changed again later.`,
    confirm: 'Yes, make student',
  }),
};

/**
 * The role changes a row offers: Make Admin always (disabled for an admin), kitchen staff for a
 * student, and student for staff or another admin (an admin never takes their own rights
 * away; the API refuses it too).
 */
const roleButtons = (user: ManagedUser, ownUid: string | null) =>
  [
    { role: 'admin', label: 'Make Admin', disabled: user.role === 'admin', shown: true },
    { role: 'staff', label: 'Make staff', disabled: false, shown: user.role === 'student' },
    { role: 'student', label: 'Make student', disabled: false, shown: user.role !== 'student' && user._id !== ownUid },
  ].filter((button): button is typeof button & { role: Role } => button.shown);

export function ManageUsersPage() {
  const [search, setSearch] = useState('');
  const nameOrEmail = useDebouncedValue(search.trim());
  const users = useUsers(nameOrEmail);
  const changeRole = useChangeRole();
  const ownUid = useSession().user?.uid ?? null;
  const rows = rowsOf(users.data);
  const changing = (user: ManagedUser) => changeRole.isPending && changeRole.variables?.uid === user._id;

  const onChangeRole = async (user: ManagedUser, role: Role) => {
    const words = roleChangeWords[role](user);
    if (!(await confirmAction(words.title, words.text, words.confirm))) return;
    try {
      await changeRole.mutateAsync({ uid: user._id, role });
      await showSuccess(`${user.name} is now ${roleNames[role]}`, undefined, 1500);
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
                  <div className="flex flex-wrap gap-2">
                    {roleButtons(user, ownUid).map(({ role, label, disabled }) => (
                      <button
                        key={role}
                        type="button"
                        onClick={() => onChangeRole(user, role)}
                        disabled={disabled || changing(user)}
                        // The name starts with what the button shows (WCAG 2.5.3, label in name).
                        aria-label={`${label}: ${user.name}`}
                        className={role === 'admin' ? 'btn-primary btn-sm' : 'btn-secondary btn-sm'}
                      >
                        {label}
                      </button>
                    ))}
                  </div>
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
