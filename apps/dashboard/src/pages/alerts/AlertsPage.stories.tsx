import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { makeFixtures } from '@argus/api/mocks';
import { emptyStory, errorStory, mockApi, pageParameters, withPage } from '../../stories/pageStory.js';
import AlertsPage from './AlertsPage.js';

const meta = {
  title: 'Pages/Alerts',
  component: AlertsPage,
  decorators: [withPage('/alerts')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof AlertsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Total Alerts')).toHaveTextContent('60');
    await expect(canvas.getByLabelText('Open Alerts')).toHaveTextContent('15');
    await expect((await canvas.findAllByRole('button', { name: 'Acknowledge' })).length).toBeGreaterThan(0);
    await expect(canvas.getAllByRole('button', { name: 'Resolve' }).length).toBeGreaterThan(0);
  },
};

/**
 * 10,000 alerts: the tiles count all of them and the list pages, filters and orders
 * through every one (the server does it; the mock answers as the server does).
 */
export const TenThousandAlerts: Story = {
  parameters: { ...mockApi({ alertCount: 10_000 }), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Total Alerts')).toHaveTextContent('10,000');
    await expect(canvas.getByLabelText('Open Alerts')).toHaveTextContent('2,502');
    await expect(canvas.getByLabelText('Critical Alerts')).toHaveTextContent('2,500');
    // The pager is drawn again with each page: look it up each time.
    const pager = async () => within(await canvas.findByRole('navigation', { name: 'Pagination' }));
    await expect(await (await pager()).findByText('Showing 1-25 of 10,000 alerts')).toBeVisible();
    await expect((await pager()).getByText('Page 1 of 400')).toBeVisible();
    await userEvent.click((await pager()).getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Showing 26-50 of 10,000 alerts')).toBeVisible();

    await userEvent.click(canvas.getByRole('combobox', { name: 'Filter by status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'open' }));
    await expect(await canvas.findByText('Showing 1-25 of 2,502 alerts')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort alerts' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oldest first' }));
    const oldestOpen = makeFixtures(36, 10_000)
      .alerts.filter((a) => a.status === 'open')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!;
    const table = within(canvas.getByRole('table', { name: 'Security alerts' }));
    await waitFor(() => expect(table.getAllByRole('row')[1]).toHaveTextContent(oldestOpen.description));
    // Tiles keep counting every alert, whatever the filter.
    await expect(canvas.getByLabelText('Total Alerts')).toHaveTextContent('10,000');
  },
};

export const Loading: Story = { parameters: mockApi({ variant: 'loading', resources: { auth: 'full' } }) };

export const Empty: Story = emptyStory('No security alerts found. Your system is secure!');

/** The page's calls fail; the session answers (no screen shows without one). */
export const Error: Story = {
  ...errorStory('Error loading alerts: Internal server error'),
  parameters: mockApi({ variant: 'error', resources: { auth: 'full' } }),
};

/** Select all on the page, then Acknowledge for all of them in one call; the selection clears. */
export const BulkAcknowledge: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('button', { name: 'Acknowledge' });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows' }));
    const bar = within(canvas.getByRole('region', { name: 'Bulk actions' }));
    await expect(bar.getByText('25 alert(s) selected')).toBeVisible();
    await userEvent.click(bar.getByRole('button', { name: 'Acknowledge' }));
    await expect(await screen.findByText('Bulk Action Completed')).toBeVisible();
    await expect(screen.getByText(/Selected alerts have been updated successfully\./)).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument(),
    );
    // 7 of the 15 open alerts are on the first page of 25; the others are on later pages.
    await waitFor(() => expect(canvas.getByLabelText('Open Alerts')).toHaveTextContent('8'));
  },
};

/** The row Acknowledge button sends the same call for one alert. */
export const RowAcknowledge: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first] = await canvas.findAllByRole('button', { name: 'Acknowledge' });
    await userEvent.click(first!);
    await expect(await screen.findByText('Bulk Action Completed')).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText('Open Alerts')).toHaveTextContent('14'));
  },
};

export const AssignSelected: Story = {
  parameters: { ...mockApi(), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = await canvas.findAllByRole('checkbox', { name: /^Select alert / });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    const bar = within(canvas.getByRole('region', { name: 'Bulk actions' }));
    await expect(bar.getByText('2 alert(s) selected')).toBeVisible();
    await userEvent.click(bar.getByRole('button', { name: 'Assign' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Alerts to User' }));
    await userEvent.click(await dialog.findByRole('radio', { name: 'alice.chen' }));
    await expect(dialog.getByRole('button', { name: 'Assign' })).toBeEnabled();
  },
};

export const AssignNoUsers: Story = {
  parameters: { ...mockApi({ resources: { users: 'empty' } }), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [box] = await canvas.findAllByRole('checkbox', { name: /^Select alert / });
    await userEvent.click(box!);
    await userEvent.click(
      within(canvas.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Assign' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Alerts to User' }));
    await expect(await dialog.findByText('No users available for assignment')).toBeVisible();
  },
};

export const FilterByStatus: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('button', { name: 'Acknowledge' });
    await userEvent.click(canvas.getByRole('combobox', { name: 'Filter by status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'resolved' }));
    await expect(canvas.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search alerts...' }), 'nothing-like-this');
    await expect(await canvas.findByText('No alerts match your filters.')).toBeVisible();
  },
};

/** Create Alert Rule: every required message, and invalid JSON is a field message, not a crash. */
export const CreateRuleValidation: Story = {
  parameters: { ...mockApi(), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Configure Rules' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Alert Rule' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Rule' }));
    await expect(await dialog.findByText('Rule name is required')).toBeVisible();
    await expect(dialog.getByText('Trigger type is required')).toBeVisible();
    await expect(dialog.getByText('Severity is required')).toBeVisible();
    await expect(dialog.getByText('Conditions are required')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/Conditions/), '{{ "minRiskScore": ');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Rule' }));
    await expect(await dialog.findByText('Conditions must be a valid JSON object')).toBeVisible();
  },
};

export const CreateRule: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Configure Rules' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Alert Rule' }));
    await userEvent.type(dialog.getByLabelText(/Rule Name/), 'Risk above 90');
    await userEvent.click(dialog.getByRole('combobox', { name: /Trigger Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'High Risk Endpoint' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /Severity/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Critical' }));
    await userEvent.type(dialog.getByLabelText(/Conditions/), '{{ "minRiskScore": 90 }');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Rule' }));
    await expect(await screen.findByText('Alert Rule Created')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Alert Rules' }));
    await expect(await canvas.findByText('Risk above 90')).toBeVisible();
  },
};

export const CreateChannel: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Notification Channels' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Notification Channel' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Channel' }));
    await expect(await dialog.findByText('Channel name is required')).toBeVisible();
    await expect(dialog.getByText('Channel type is required')).toBeVisible();
    await expect(dialog.getByText('Configuration is required')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/Channel Name/), 'SOC webhook');
    await userEvent.click(dialog.getByRole('combobox', { name: /Channel Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Webhook' }));
    await userEvent.type(dialog.getByLabelText(/Configuration/), 'not json');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Channel' }));
    await expect(await dialog.findByText('Configuration must be a valid JSON object')).toBeVisible();
    await userEvent.clear(dialog.getByLabelText(/Configuration/));
    await userEvent.type(
      dialog.getByLabelText(/Configuration/),
      '{{ "url": "https://soc.example.com/hook" }',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Create Channel' }));
    await expect(await screen.findByText('Notification Channel Created')).toBeVisible();
  },
};

/** Rules with their state; channels with last delivery and the test button. */
export const RulesAndChannels: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Alert Rules' }));
    await expect(await canvas.findByRole('switch', { name: 'Traffic spike active' })).not.toBeChecked();
    const rules = canvas.getByRole('table', { name: /rules/i });
    await expect(within(rules).getByText('PII Exposed')).toBeVisible();
    await expect(within(rules).queryByText('Pii Exposed')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Notification Channels' }));
    await expect(await canvas.findByText('503 Service Unavailable')).toBeVisible();
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Send test notification to SIEM webhook' }),
    );
    await expect(await screen.findByText('Test Notification Sent')).toBeVisible();
  },
};

/** A viewer reads alerts and rules; triage, rules and channels are not offered, and the page says so. */
export const Viewer: Story = {
  parameters: mockApi({ role: 'viewer' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Only an analyst or an admin can acknowledge, resolve or assign alerts.'),
    ).toBeVisible();
    await expect(
      (await canvas.findAllByRole('button', { name: /^View details of / })).length,
    ).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Configure Rules' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Notification Channels' })).not.toBeInTheDocument();
  },
};

/** An analyst triages alerts but sees rules read-only and no channels (they hold secrets). */
export const Analyst: Story = {
  parameters: mockApi({ role: 'analyst' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByRole('button', { name: 'Acknowledge' })).length).toBeGreaterThan(0);
    await expect(canvas.getAllByRole('checkbox').length).toBeGreaterThan(0);
    await userEvent.click(canvas.getByRole('tab', { name: 'Alert Rules' }));
    await expect(await canvas.findByRole('switch', { name: 'Traffic spike active' })).toBeDisabled();
    await expect(canvas.getByText('Only an admin can change alert rules.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Create Rule' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Delete rule / })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'Notification Channels' }));
    await expect(
      await canvas.findByText('Only an admin can see and change notification channels (they hold secrets).'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Create Channel' })).not.toBeInTheDocument();
  },
};
