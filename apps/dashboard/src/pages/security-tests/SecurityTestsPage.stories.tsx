import { makeFixtures } from '@argus/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { mockApi, pageParameters, phoneStory, showsText, withPage } from '../../stories/pageStory.js';
import SecurityTestsPage from './SecurityTestsPage.js';

// The mocks keep Security Tests for the domain of the first endpoint.
const fixtures = makeFixtures(36);
const domain = fixtures.domains.find((d) => d.name === fixtures.endpoints[0]!.domain)!;
const url = `/domains/${domain.id}/security-tests`;
const api = (options: Parameters<typeof mockApi>[0] = {}) => mockApi({ db: makeFixtures(36), ...options });

const meta = {
  title: 'Pages/Security Tests',
  component: SecurityTestsPage,
  decorators: [withPage(url, '/domains/:id/security-tests')],
  parameters: { ...pageParameters, ...api() },
} satisfies Meta<typeof SecurityTestsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Identities, target, catalogue and the latest run with a confirmed BOLA. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: `Security Tests: ${domain.name}` }),
    ).toBeVisible();
    await expect(canvas.getByText('alice')).toBeVisible();
    await expect(canvas.getByText('••••a1c3')).toBeVisible();
    await expect(await canvas.findByText('Confirmed')).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Run No rate limit on login' })).not.toBeChecked();
  },
};

/** The evidence of the confirmed BOLA: both requests and a curl line each. */
export const Evidence: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Evidence of BOLA: another user reads an object/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText('2. attack as bob')).toBeVisible();
    await expect(within(dialog).getAllByText(/\$ARGUS_BOB_TOKEN/).length).toBeGreaterThan(0);
  },
};

/** Adding an identity: the secret is entered once and shown masked. */
export const AddIdentity: Story = {
  parameters: { screenshot: false, ...api() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Identity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Test Identity' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'carol');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Identity' }));
    await expect(
      await within(dialog).findByText('Enter the token, cookie value or login body'),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/^Token/), 'carol-token-9876');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Identity' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByText('••••9876')).toBeVisible();
  },
};

/** Run Tests starts a run; its progress shows with a Cancel button. */
export const RunAndCancel: Story = {
  parameters: { screenshot: false, ...api() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Run Tests' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel run' }));
    await expect(await canvas.findByText('Cancelled by you')).toBeVisible();
  },
};

/** A viewer reads everything but changes nothing. */
export const Viewer: Story = {
  parameters: api({ role: 'viewer' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: `Security Tests: ${domain.name}` });
    // The signed-in user loads after the page: wait for the viewer's read-only state.
    await waitFor(() => expect(canvas.getByLabelText('Test base URL')).toBeDisabled());
    await expect(canvas.queryByRole('button', { name: 'Add Identity' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Run Tests' })).toBeNull();
  },
};

export const Error: Story = {
  parameters: api({ variant: 'error', resources: { auth: 'full' } }),
  play: showsText('Failed to load security tests: Internal server error'),
};

/** On a 390 px phone: cards stack, the wide tables scroll inside themselves. */
export const Phone: Story = phoneStory(`Security Tests: ${domain.name}`);
