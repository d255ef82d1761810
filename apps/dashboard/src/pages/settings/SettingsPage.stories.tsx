import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { errorStory, mockApi, pageParameters, withPage } from '../../stories/pageStory.js';
import SettingsPage from './SettingsPage.js';

const meta = {
  title: 'Pages/Settings',
  component: SettingsPage,
  decorators: [withPage('/settings')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Scanning tab with the defaults. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/Scan Interval/)).toHaveValue(60);
    await expect(canvas.getByLabelText(/Request Timeout/)).toHaveValue(30);
    await expect(canvas.getByLabelText(/Max Concurrent Scans/)).toHaveValue(5);
    await expect(canvas.getByRole('switch', { name: 'Automatic Scanning' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Deep Scanning' })).not.toBeChecked();
  },
};

export const Loading: Story = { parameters: mockApi({ variant: 'loading', resources: { auth: 'full' } }) };

/** The page's calls fail; the session answers (no screen shows without one). */
export const Error: Story = {
  ...errorStory('Error loading settings: Internal server error'),
  parameters: mockApi({ variant: 'error', resources: { auth: 'full' } }),
};

/** Four sliders; the total is green at exactly 100 and red otherwise. */
export const RiskScoring: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Risk Scoring' }));
    const total = await canvas.findByText('100%');
    await expect(total.closest('[data-total]')).toHaveAttribute('data-total', '100');
    canvas.getByRole('slider', { name: 'PII Exposure' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(await canvas.findByText('101%')).toBeVisible();
  },
};

/** Cleared or non-numeric scanning inputs fall back to their defaults; the values go to the server. */
export const Save: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const interval = await canvas.findByLabelText(/Scan Interval/);
    // The form is editable once the signed-in role is known.
    await canvas.findByRole('button', { name: 'Save Configuration' });
    await waitFor(() => expect(interval).toBeEnabled());
    await userEvent.clear(interval);
    await userEvent.clear(canvas.getByLabelText(/Max Concurrent Scans/));
    await userEvent.type(canvas.getByLabelText(/Max Concurrent Scans/), '12');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save Configuration' }));
    await expect(await screen.findByText('Configuration Saved')).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/Scan Interval/)).toHaveValue(60));
    await expect(canvas.getByLabelText(/Max Concurrent Scans/)).toHaveValue(12);
  },
};

// The User Management tab's states (admin view, placeholder for other roles): UserManagement.stories.tsx.

/** Two sample keys; Add API Key validates, adds and deletes on the client. */
export const Integrations: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Integrations' }));
    await expect(await canvas.findByText('CI pipeline')).toBeVisible();
    await expect(canvas.getByText('Staging gateway sync')).toBeVisible();
  },
};

export const AddApiKey: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: 'Integrations' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Add API Key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add API Key' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add API Key' }));
    await expect(await dialog.findByText('API key name is required')).toBeVisible();
    await expect(dialog.getByText('Environment is required')).toBeVisible();
    await expect(dialog.getByText('API key value is required')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Grafana');
    await userEvent.click(dialog.getByRole('combobox', { name: /Environment/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Development' }));
    await userEvent.type(dialog.getByLabelText(/^API Key/), 'argus_dev_0123456789abcdef');
    await userEvent.click(dialog.getByRole('button', { name: 'Add API Key' }));
    await expect(await canvas.findByText('Grafana')).toBeVisible();
    // The key dialog's submit must not also submit the Settings form around its trigger.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(screen.queryByText('Configuration Saved')).not.toBeInTheDocument();
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete API key CI pipeline' }));
    await waitFor(() => expect(canvas.queryByText('CI pipeline')).not.toBeInTheDocument());
  },
};
