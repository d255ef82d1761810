import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import {
  emptyStory,
  errorStory,
  mockApi,
  pageParameters,
  phoneStory,
  withPage,
} from '../../stories/pageStory.js';
import PiiPage from './PiiPage.js';

const meta = {
  title: 'Pages/PII Detection',
  component: PiiPage,
  decorators: [withPage('/pii')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof PiiPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Endpoints with PII')).toBeVisible();
    await expect(canvas.getByLabelText('Payment Data')).toBeVisible();
    await expect((await canvas.findAllByRole('img', { name: 'High PII risk' })).length).toBeGreaterThan(0);
  },
};

export const Loading: Story = { parameters: mockApi({ variant: 'loading' }) };

export const Empty: Story = emptyStory('No endpoints with PII detected. Run a scan to detect PII exposure.');

export const Error: Story = errorStory('Error loading PII data: Internal server error');

/** The type filter is built from the data; search matches path or domain. */
export const Filters: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('img', { name: 'High PII risk' });
    await userEvent.click(canvas.getByRole('combobox', { name: 'Filter by pii type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SSN' }));
    const table = within(canvas.getByRole('table', { name: 'Endpoints with PII' }));
    await expect(table.getAllByText('SSN').length).toBeGreaterThan(0);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search by path or domain...' }), 'zzz-none');
    await expect(await canvas.findByText('No endpoints match your filters.')).toBeVisible();
  },
};

/** At phone width: the Menu button instead of the sidebar, nothing wider than 390 px. */
export const Phone: Story = phoneStory('PII Detection');
