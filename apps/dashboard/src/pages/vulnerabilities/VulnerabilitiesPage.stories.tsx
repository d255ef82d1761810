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
import VulnerabilitiesPage from './VulnerabilitiesPage.js';

const meta = {
  title: 'Pages/Vulnerabilities',
  component: VulnerabilitiesPage,
  decorators: [withPage('/vulnerabilities')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof VulnerabilitiesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Critical')).toBeVisible();
    await expect((await canvas.findAllByText('A01')).length).toBeGreaterThan(0);
  },
};

export const Loading: Story = { parameters: mockApi({ variant: 'loading' }) };

export const Empty: Story = emptyStory('No vulnerabilities found. Run a scan to detect security issues.');

export const Error: Story = errorStory('Error loading vulnerabilities: Internal server error');

/** Severity filter and search over title, description and path. */
export const Filters: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText('A01');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Filter by severity' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Critical' }));
    const table = canvas.getByRole('table', { name: 'Vulnerabilities' });
    await expect(within(table).queryByText('High')).not.toBeInTheDocument();
    await expect(within(table).getAllByText('Critical').length).toBeGreaterThan(0);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search vulnerabilities...' }),
      'no-such-finding',
    );
    await expect(await canvas.findByText('No vulnerabilities match your filters.')).toBeVisible();
  },
};

/** At phone width: the Menu button instead of the sidebar, nothing wider than 390 px. */
export const Phone: Story = phoneStory('Vulnerability Management');
