import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { mockApi, pageParameters, withPage } from '../../stories/pageStory.js';
import SettingsPage from './SettingsPage.js';

// Settings → User Management as an admin sees it (users and the audit log), and
// as analysts and viewers do (the spec's placeholder, settings read-only).
const meta = {
  title: 'Pages/Settings/User Management',
  component: SettingsPage,
  decorators: [withPage('/settings')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openTab(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('tab', { name: 'User Management' }));
  return canvas;
}

const usersTable = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('table', { name: 'Users' }));
/** The Users table's row of `username` (waits for it). */
const rowOf = async (canvas: ReturnType<typeof within>, username: string) => {
  const users = within(await canvas.findByRole('table', { name: 'Users' }));
  return within((await users.findByText(username, { selector: 'strong' })).closest('tr')!);
};

/** Six users with role, state, created and last sign-in; the audit log's newest page below. */
export const AdminList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Users (6)' })).toBeVisible();
    const users = usersTable(canvas);
    await expect(users.getAllByRole('row')).toHaveLength(7);
    const me = await rowOf(canvas, 'admin');
    await expect(me.getByText('You')).toBeVisible();
    await expect(me.getByRole('combobox', { name: 'Role of admin' })).toBeDisabled();
    await expect(me.queryByRole('button', { name: 'Delete admin' })).not.toBeInTheDocument();
    const carol = await rowOf(canvas, 'carol.silva');
    await expect(carol.getByRole('combobox', { name: 'Role of carol.silva' })).toHaveTextContent('Viewer');
    await expect(carol.getByText('Active')).toBeVisible();
    await expect(carol.getByText('Never')).toBeVisible();
    const dana = await rowOf(canvas, 'dana.ito');
    await expect(dana.getByText('Disabled')).toBeVisible();
    await expect(dana.getByRole('button', { name: 'Enable dana.ito' })).toBeVisible();
    const log = within(await canvas.findByRole('table', { name: 'Audit log, page 1' }));
    await waitFor(() => expect(log.getAllByRole('row')).toHaveLength(21));
    // Newest first: the header row, then the entry of seven minutes ago.
    const newest = within(log.getAllByRole('row')[1]!);
    await expect(newest.getByText('Changed role of bob.okafor from viewer to analyst')).toBeVisible();
    await expect(newest.getByText('7 minutes ago')).toBeVisible();
    await expect(canvas.getByText('Page 1')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Newer' })).toBeDisabled();
  },
};

export const Loading: Story = {
  parameters: mockApi({ resources: { managedUsers: 'loading', auditLog: 'loading' } }),
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Users (0)' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: mockApi({ resources: { managedUsers: 'empty', auditLog: 'empty' } }),
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await expect(await canvas.findByText('No users yet.')).toBeVisible();
    await expect(await canvas.findByText('No changes recorded yet.')).toBeVisible();
    await expect(canvas.queryByText('Page 1')).not.toBeInTheDocument();
  },
};

export const Error: Story = {
  parameters: mockApi({ resources: { managedUsers: 'error', auditLog: 'error' } }),
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await expect(await canvas.findByText('Error loading users: Internal server error')).toBeVisible();
    await expect(await canvas.findByText('Error loading audit log: Internal server error')).toBeVisible();
  },
};

// The stories that end in a toast take no screenshot (the toast's lifetime races it);
// the two dialogs have stories of their own that do.

/** The Add User dialog with the create schema's messages. */
export const AddUserDialog: Story = {
  parameters: { ...mockApi(), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add User' }));
    await userEvent.type(dialog.getByLabelText(/^Password/), 'too-short');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));
    await expect(await dialog.findByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();
  },
};

/** Delete asks first, naming the user. */
export const DeleteConfirm: Story = {
  parameters: { ...mockApi(), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete carol.silva' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete User' }));
    await expect(dialog.getByText(/Delete carol\.silva\? They can no longer sign in/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete User' })).toBeVisible();
  },
};

/** Add User validates with the create schema's messages, adds, and the audit log says so. */
export const AddUser: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add User' }));
    await expect(dialog.getByRole('combobox', { name: /Role/ })).toHaveTextContent('Viewer');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));
    await expect(await dialog.findByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 12 characters')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^Username/), 'frank ode');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'correct-horse-battery');
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));
    await expect(await dialog.findByText('Username may hold letters, digits and . _ @ - only')).toBeVisible();
    await userEvent.clear(dialog.getByLabelText(/^Username/));
    await userEvent.type(dialog.getByLabelText(/^Username/), 'frank.ode');
    await userEvent.click(dialog.getByRole('combobox', { name: /Role/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Analyst' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }));
    await expect(await screen.findByText('frank.ode can now sign in as analyst.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const frank = await rowOf(canvas, 'frank.ode');
    await expect(frank.getByRole('combobox', { name: 'Role of frank.ode' })).toHaveTextContent('Analyst');
    await expect(await canvas.findByText('Added user frank.ode as analyst')).toBeVisible();
  },
};

/** A role change and a disable take effect and land in the audit log. */
export const ChangeRoleAndDisable: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    const carol = await rowOf(canvas, 'carol.silva');
    await userEvent.click(carol.getByRole('combobox', { name: 'Role of carol.silva' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Analyst' }));
    await expect(await screen.findByText('carol.silva is now analyst.')).toBeVisible();
    await expect(await canvas.findByText('Changed role of carol.silva from viewer to analyst')).toBeVisible();
    const bob = await rowOf(canvas, 'bob.okafor');
    await userEvent.click(bob.getByRole('button', { name: 'Disable bob.okafor' }));
    await expect(await screen.findByText('bob.okafor can no longer sign in.')).toBeVisible();
    await expect(await bob.findByRole('button', { name: 'Enable bob.okafor' })).toBeVisible();
    await expect(bob.getByText('Disabled')).toBeVisible();
  },
};

/** What the server refuses comes back in its own words as a toast. */
export const ServerRefusal: Story = {
  parameters: {
    ...mockApi({
      resources: { writes: 'error' },
      error: { status: 409, message: 'dana.ito is the last admin: make another user admin first' },
    }),
    screenshot: false,
  },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    const dana = await rowOf(canvas, 'dana.ito');
    await userEvent.click(dana.getByRole('combobox', { name: 'Role of dana.ito' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Viewer' }));
    await expect(
      await screen.findByText(
        'Failed to change role: dana.ito is the last admin: make another user admin first',
      ),
    ).toBeVisible();
    await expect(dana.getByRole('combobox', { name: 'Role of dana.ito' })).toHaveTextContent('Admin');
  },
};

/** A new password needs twelve characters; the old one is never shown. */
export const SetPassword: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Set password for alice.chen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set Password for alice.chen' }));
    await userEvent.type(dialog.getByLabelText(/^New Password/), 'short');
    await userEvent.click(dialog.getByRole('button', { name: 'Set Password' }));
    await expect(await dialog.findByText('Password must be at least 12 characters')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^New Password/), '-but-now-long');
    await userEvent.click(dialog.getByRole('button', { name: 'Set Password' }));
    await expect(await screen.findByText('alice.chen signs in with the new password.')).toBeVisible();
    await expect(await canvas.findByText('Changed the password of alice.chen')).toBeVisible();
  },
};

/** Delete asks first; Cancel keeps the user, Delete User removes them. */
export const DeleteUser: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete bob.okafor' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete User' }));
    await expect(dialog.getByText(/Delete bob\.okafor\? They can no longer sign in/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(usersTable(canvas).getByText('bob.okafor', { selector: 'strong' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete bob.okafor' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete User' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete User' }));
    await expect(await screen.findByText('bob.okafor was removed.')).toBeVisible();
    await waitFor(() =>
      expect(usersTable(canvas).queryByText('bob.okafor', { selector: 'strong' })).not.toBeInTheDocument(),
    );
    await expect(await canvas.findByRole('heading', { name: 'Users (5)' })).toBeVisible();
    await expect(await canvas.findByText('Removed user bob.okafor (analyst)')).toBeVisible();
  },
};

/** Older and Newer walk the log by cursor: 45 entries make pages of 20, 20 and 5. */
export const AuditLogPages: Story = {
  // The clicks scroll the page; Admin List pictures the log.
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    const older = await canvas.findByRole('button', { name: 'Older' });
    await waitFor(() => expect(older).toBeEnabled());
    await userEvent.click(older);
    const second = within(await canvas.findByRole('table', { name: 'Audit log, page 2' }));
    await waitFor(() => expect(second.getAllByRole('row')).toHaveLength(21));
    await expect(canvas.getByText('Page 2')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Older' })).toBeEnabled());
    await userEvent.click(await canvas.findByRole('button', { name: 'Older' }));
    const third = within(await canvas.findByRole('table', { name: 'Audit log, page 3' }));
    await waitFor(() => expect(third.getAllByRole('row')).toHaveLength(6));
    await expect(canvas.getByRole('button', { name: 'Older' })).toBeDisabled();
    // System changes (the CLI) have no actor and no address.
    await expect(third.getAllByText('System').length).toBeGreaterThan(0);
    await userEvent.click(await canvas.findByRole('button', { name: 'Newer' }));
    await expect(await canvas.findByRole('table', { name: 'Audit log, page 2' })).toBeVisible();
  },
};

/** Analysts keep the spec's placeholder; the top bar says which role they have. */
export const AnalystPlaceholder: Story = {
  parameters: mockApi({ role: 'analyst' }),
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement);
    await expect(await canvas.findByText(/User management is coming soon/)).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    await expect(canvas.getByTestId('signed-in-user')).toHaveTextContent('alice.chen');
    await expect(canvas.getByTestId('signed-in-role')).toHaveTextContent('analyst');
  },
};

/** A viewer reads the settings but is offered no Save the server would refuse. */
export const ViewerReadOnly: Story = {
  parameters: mockApi({ role: 'viewer' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The app shell has the signed-in user before any page (RequireSession); here it arrives with the page.
    await expect(await canvas.findByText('Only an admin can change these settings.')).toBeVisible();
    await expect(canvas.getByLabelText(/Scan Interval/)).toHaveAttribute('readonly');
    await expect(canvas.queryByRole('button', { name: 'Save Configuration' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'Automatic Scanning' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('tab', { name: 'User Management' }));
    await expect(await canvas.findByText(/User management is coming soon/)).toBeVisible();
  },
};
