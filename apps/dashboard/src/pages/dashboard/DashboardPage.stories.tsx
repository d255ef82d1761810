import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { mockApi, pageParameters, showsText, withPage } from '../../stories/pageStory.js';
import DashboardPage from './DashboardPage.js';

const meta = {
  title: 'Pages/Dashboard',
  component: DashboardPage,
  decorators: [withPage('/')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Metrics with their fixed change lines, the top risky endpoints, domains and activity. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('+12.5% from last month');
    await expect(canvas.getByText('+5 from yesterday')).toBeVisible();
    await expect(canvas.getByText('-3 from last week')).toBeVisible();
    await expect(canvas.getByText('-2.1 improvement')).toBeVisible();
    await expect(await canvas.findByText(/^Showing 1-\d+ of \d+ high-risk endpoints$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect((await canvas.findAllByText('api.acme-payments.com'))[0]).toBeVisible();
    await expect(
      canvas.getByRole('searchbox', { name: 'Search endpoints, domains, or vulnerabilities...' }),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: mockApi({ variant: 'loading', resources: { auth: 'full' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Loading metrics')).toBeVisible();
    await expect(canvas.getAllByTestId('metric-card-skeleton')).toHaveLength(4);
  },
};

export const Empty: Story = {
  parameters: mockApi({ variant: 'empty' }),
  play: showsText('No high-risk endpoints found', 'No domains found', 'No recent activity'),
};

export const Error: Story = {
  parameters: mockApi({ variant: 'error', resources: { auth: 'full' } }),
  play: showsText(
    'No metrics available',
    'Error loading endpoints: Internal server error',
    'Error loading domains: Internal server error',
  ),
};

/** Run Scan: "Scanning..." while it runs, the completion toast with the number scanned, the sample domain. */
export const RunScan: Story = {
  parameters: { ...mockApi(), screenshot: false }, // the toast's timing varies run to run
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('+12.5% from last month');
    await userEvent.click(await canvas.findByRole('button', { name: 'Run Scan' }));
    await expect(await canvas.findByRole('button', { name: 'Scanning...' })).toBeDisabled();
    await expect(await screen.findByText('Scan Started')).toBeVisible();
    await expect(await screen.findByText('Scan Completed', {}, { timeout: 5000 })).toBeVisible();
    // The count is the user's endpoints: those of every domain with active sources.
    await expect(screen.getByText(/^Successfully scanned and analyzed \d+ endpoints\.$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Run Scan' })).toBeEnabled();
    // The sample traffic went to the sample domain, badged in the Domain Summary.
    await expect(await canvas.findByText('Sample')).toBeVisible();
  },
};

export const Refresh: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('+12.5% from last month');
    await userEvent.click(await canvas.findByRole('button', { name: 'Refresh dashboard' }));
    await expect(await screen.findByText('Dashboard data has been refreshed.')).toBeVisible();
  },
};

/** View opens the Endpoint Details modal with overview, findings, PII, actions and the traffic estimate. */
export const EndpointModal: Story = {
  parameters: { ...mockApi(), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [view] = await canvas.findAllByRole('button', { name: /^View / });
    await userEvent.click(view!);
    const dialog = await screen.findByRole('dialog', { name: 'Endpoint Details' });
    const modal = within(dialog);
    await expect(await modal.findByText('Traffic Timeline')).toBeVisible();
    await expect(modal.getByText(/^\d+ \/ 100$/)).toBeVisible();
    await expect(modal.getAllByText('Mitigation Steps:').length).toBeGreaterThan(0);
    await expect(modal.getByText('Peak')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Rescan Endpoint' })).toBeEnabled();
    await expect(modal.getAllByRole('group', { name: 'Why flagged' }).length).toBeGreaterThan(0);
  },
};

export const EndpointModalRescan: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [view] = await canvas.findAllByRole('button', { name: /^View / });
    await userEvent.click(view!);
    const dialog = await screen.findByRole('dialog', { name: 'Endpoint Details' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Rescan Endpoint' }));
    await expect(await screen.findByText('Rescan initiated')).toBeVisible();
    await expect(screen.getByText('The endpoint security scan has been started.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const EndpointNotFound: Story = {
  parameters: { ...mockApi({ resources: { endpoint: 'empty' } }), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [view] = await canvas.findAllByRole('button', { name: /^View / });
    await userEvent.click(view!);
    const dialog = await screen.findByRole('dialog', { name: 'Endpoint not found' });
    await expect(within(dialog).getByText('The requested endpoint could not be found.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** While `/auth/me` loads, nobody is offered Run Scan or rescans, and no role hint shows either. */
export const RoleUnknown: Story = {
  parameters: mockApi({ resources: { auth: 'loading' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Showing 1-\d+ of \d+ high-risk endpoints$/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Run Scan' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Rescan / })).not.toBeInTheDocument();
    await expect(canvas.queryByText(/^Only an analyst or an admin can/)).not.toBeInTheDocument();
  },
};

/** A viewer reads the dashboard; Run Scan and row rescans are not offered, and the header says so. */
export const Viewer: Story = {
  parameters: mockApi({ role: 'viewer' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Only an analyst or an admin can run a scan.')).toBeVisible();
    await expect(await canvas.findByText(/^Showing 1-\d+ of \d+ high-risk endpoints$/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Run Scan' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Rescan / })).not.toBeInTheDocument();
  },
};
