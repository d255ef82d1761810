import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { mockApi, pageParameters, showsText, withPage } from '../../stories/pageStory.js';
import EndpointDetailPage from './EndpointDetailPage.js';

const meta = {
  title: 'Pages/Endpoint Detail',
  component: EndpointDetailPage,
  decorators: [withPage('/endpoints/ep-1', '/endpoints/:id')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof EndpointDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /^Vulnerabilities \(\d+\)$/ })).toBeVisible();
    await expect(canvas.getByText(/^\d+ \/ 100$/)).toBeVisible();
    await expect(canvas.getByText('Average RPS')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: mockApi({ variant: 'loading' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading endpoint')).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: mockApi({ resources: { endpoint: 'empty' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Endpoint Not Found')).toBeVisible();
    await expect(canvas.getByText('The requested endpoint could not be found.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Endpoints' }));
    await expect(await canvas.findByText('Navigated to /endpoints')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: mockApi({ variant: 'error', resources: { auth: 'full' } }),
  play: showsText('Error loading endpoint: Internal server error'),
};

export const Rescan: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /^Vulnerabilities/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Rescan' }));
    await expect(await screen.findByText('Rescan initiated')).toBeVisible();
  },
};

/** Mark as False Positive toggles; Assign Owner picks a user. */
export const QuickActions: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mark as False Positive' }));
    await expect(await screen.findByText('Marked as False Positive')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Undo False Positive' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Assign Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Owner' });
    await userEvent.click(await within(dialog).findByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'carol.silva' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await expect(await screen.findByText('carol.silva now owns this endpoint.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByText(/Owner: carol\.silva/)).toBeVisible();
  },
};
