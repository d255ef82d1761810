import { ROLES, userCreateSchema, type ManagedUser, type Role } from '@argus/api';
import { useCreateUser, useDeleteUser, useManagedUsers, useMe, useUpdateUser } from '@argus/api/hooks';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  formatShortDate,
  FormField,
  IconButton,
  Input,
  RelativeTime,
  Select,
  Skeleton,
  Table,
  useToast,
  type TableColumn,
} from '@argus/ui';
import { KeyRound, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog, useDialogForm } from '../../shared/FormDialog.js';
import { Actions, Inline, Muted, Stack, TableMessage } from '../../shared/layout.js';
import { SelectField } from '../../shared/SelectField.js';
import { loadErrorText } from '../../shared/text.js';
import { failureToast } from '../../shared/toasts.js';
import { AuditLog } from './AuditLog.js';

export const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', analyst: 'Analyst', admin: 'Admin' };
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const passwordFormSchema = z.object({ password: userCreateSchema.shape.password });

/** The spec's placeholder, which analysts and viewers keep seeing. */
function ComingSoon() {
  return (
    <Card title="User Management">
      <EmptyState
        icon={<Users size={28} />}
        title="Coming soon"
        description="User management is coming soon: invite people, give them roles and manage their access here."
      />
    </Card>
  );
}

/** Settings → User Management: users and the audit log for admins, the placeholder for everyone else. */
export function UserManagement() {
  const { data: me, isLoading } = useMe();
  if (isLoading) {
    return (
      <Stack role="status" aria-busy="true" aria-label="Loading user management">
        <Skeleton height={260} />
      </Stack>
    );
  }
  if (me?.role !== 'admin') return <ComingSoon />;
  return (
    <Stack $gap={6}>
      <UsersCard meId={me.id} />
      <AuditLog />
    </Stack>
  );
}

function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser();
  const { toast } = useToast();
  // New users start with the least privilege; the admin raises it on purpose.
  const { form, close, dialog } = useDialogForm(
    userCreateSchema,
    { username: '', password: '', role: 'viewer' },
    { open, onOpenChange },
  );
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const user = await create.trigger(values);
      toast({
        title: 'User Added',
        description: `${user.username} can now sign in as ${ROLE_LABELS[user.role].toLowerCase()}.`,
      });
      close();
    } catch (error) {
      toast(failureToast('Failed to add user', error));
    }
  });
  return (
    <FormDialog
      {...dialog}
      title="Add User"
      description="They sign in with this username and password; give them the password in person."
      onSubmit={submit}
      submitLabel="Add User"
      pendingLabel="Adding..."
      pending={create.isMutating}
    >
      <Stack $gap={4}>
        <FormField
          label="Username"
          required
          hint="Letters, digits and . _ @ -"
          error={errors.username?.message}
        >
          <Input autoComplete="off" {...form.register('username')} />
        </FormField>
        <FormField label="Password" required hint="At least 12 characters" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <SelectField
          control={form.control}
          name="role"
          label="Role"
          required
          error={errors.role?.message}
          options={ROLE_OPTIONS}
        />
      </Stack>
    </FormDialog>
  );
}

function SetPasswordDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const update = useUpdateUser();
  const { toast } = useToast();
  const { form, close, dialog } = useDialogForm(
    passwordFormSchema,
    { password: '' },
    { open: user !== null, onOpenChange: (open) => (open ? undefined : onClose()) },
  );
  const submit = form.handleSubmit(async ({ password }) => {
    if (!user) return;
    try {
      await update.trigger({ id: user.id, password });
      toast({ title: 'Password Set', description: `${user.username} signs in with the new password.` });
      close();
    } catch (error) {
      toast(failureToast('Failed to set password', error));
    }
  });
  return (
    <FormDialog
      {...dialog}
      title={`Set Password for ${user?.username ?? ''}`}
      description="The old password stops working at once."
      onSubmit={submit}
      submitLabel="Set Password"
      pendingLabel="Saving..."
      pending={update.isMutating}
    >
      <FormField
        label="New Password"
        required
        hint="At least 12 characters"
        error={form.formState.errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
    </FormDialog>
  );
}

function DeleteUserDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const { toast } = useToast();
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete User"
      description={
        user
          ? `Delete ${user.username}? They can no longer sign in; the audit log keeps what they changed.`
          : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            loading={remove.isMutating}
            loadingText="Deleting..."
            onClick={async () => {
              if (!user) return;
              try {
                await remove.trigger(user.id);
                toast({ title: 'User Deleted', description: `${user.username} was removed.` });
              } catch (error) {
                toast(failureToast('Failed to delete user', error));
              }
              onClose();
            }}
          >
            Delete User
          </Button>
        </>
      }
    />
  );
}

function UsersCard({ meId }: { meId: string }) {
  const { data: users, error, isLoading } = useManagedUsers();
  const update = useUpdateUser();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [passwordFor, setPasswordFor] = useState<ManagedUser | null>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);

  const changeRole = async (user: ManagedUser, role: Role) => {
    try {
      await update.trigger({ id: user.id, role });
      toast({
        title: 'Role Changed',
        description: `${user.username} is now ${ROLE_LABELS[role].toLowerCase()}.`,
      });
    } catch (err) {
      toast(failureToast('Failed to change role', err));
    }
  };
  const setDisabled = async (user: ManagedUser, disabled: boolean) => {
    try {
      await update.trigger({ id: user.id, disabled });
      toast(
        disabled
          ? { title: 'User Disabled', description: `${user.username} can no longer sign in.` }
          : { title: 'User Enabled', description: `${user.username} can sign in again.` },
      );
    } catch (err) {
      toast(failureToast(`Failed to ${disabled ? 'disable' : 'enable'} user`, err));
    }
  };

  // One's own role, state and account are not offered: the server refuses them.
  const columns: TableColumn<ManagedUser>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (u) => (
        <Inline>
          <strong>{u.username}</strong>
          {u.id === meId ? <Badge tone="info">You</Badge> : null}
        </Inline>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      width: '160px',
      cell: (u) => (
        <Select
          aria-label={`Role of ${u.username}`}
          value={u.role}
          disabled={u.id === meId}
          options={ROLE_OPTIONS}
          onValueChange={(role) => void changeRole(u, role as Role)}
        />
      ),
    },
    {
      key: 'state',
      header: 'State',
      cell: (u) => (u.disabled ? <Badge>Disabled</Badge> : <Badge tone="success">Active</Badge>),
    },
    { key: 'created', header: 'Created', cell: (u) => formatShortDate(u.createdAt) },
    {
      key: 'lastLogin',
      header: 'Last Sign-in',
      cell: (u) =>
        u.lastLoginAt ? <RelativeTime date={u.lastLoginAt} variant="long" /> : <Muted>Never</Muted>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (u) =>
        u.id === meId ? (
          <Muted>—</Muted>
        ) : (
          <Actions>
            <Button
              variant="outline"
              size="sm"
              aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.username}`}
              onClick={() => void setDisabled(u, !u.disabled)}
            >
              {u.disabled ? 'Enable' : 'Disable'}
            </Button>
            <IconButton size="sm" label={`Set password for ${u.username}`} onClick={() => setPasswordFor(u)}>
              <KeyRound size={14} aria-hidden="true" />
            </IconButton>
            <IconButton size="sm" label={`Delete ${u.username}`} onClick={() => setDeleting(u)}>
              <Trash2 size={14} aria-hidden="true" />
            </IconButton>
          </Actions>
        ),
    },
  ];

  return (
    <Card
      title={`Users (${users?.length ?? 0})`}
      description="Admins manage everything; analysts triage alerts and rescan; viewers read."
      flush
      actions={
        <Button icon={<UserPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
          Add User
        </Button>
      }
    >
      <Table
        caption="Users"
        columns={columns}
        rows={users ?? []}
        getRowId={(u) => u.id}
        loading={isLoading}
        error={error ? <ErrorState title={loadErrorText('users', error)} /> : undefined}
        empty={<TableMessage>No users yet.</TableMessage>}
      />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
