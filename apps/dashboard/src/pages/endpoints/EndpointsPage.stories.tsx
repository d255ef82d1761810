import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  emptyStory,
  errorStory,
  mockApi,
  pageParameters,
  phoneStory,
  withPage,
} from '../../stories/pageStory.js';
import EndpointsPage from './EndpointsPage.js';

const meta = {
  title: 'Pages/Endpoints',
  component: EndpointsPage,
  decorators: [withPage('/endpoints')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof EndpointsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'All Endpoints (36)' })).toBeVisible();
    await expect(canvas.getByText('Manage and monitor all discovered endpoints')).toBeVisible();
    await expect(await canvas.findByText('Showing 1-36 of 36 endpoints')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: mockApi({ variant: 'loading' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading endpoints...')).toBeVisible();
  },
};

export const Empty: Story = emptyStory('No endpoints found. Try running a scan to discover endpoints.');

export const Error: Story = errorStory('Error loading endpoints: Internal server error');

/** The search goes to the server (q); the title adds the match count, and no match says so. */
export const Search: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'All Endpoints (36)' });
    const search = canvas.getByRole('searchbox', { name: 'Search endpoints...' });
    await userEvent.type(search, 'DELETE');
    await expect(
      await canvas.findByRole('heading', { name: /^All Endpoints \(36\) - Showing \d+ matches$/ }),
    ).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'no-such-path');
    await expect(
      await canvas.findByText('No endpoints match your search "no-such-path". Try a different search term.'),
    ).toBeVisible();
  },
};

/** 120 endpoints read 50 at a time with limit/offset. */
export const Paging: Story = {
  parameters: { ...mockApi({ endpointCount: 120 }), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Showing 1-50 of 120 endpoints')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Showing 51-100 of 120 endpoints')).toBeVisible();
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
  },
};

/** At phone width: the Menu button instead of the sidebar, nothing wider than 390 px. */
export const Phone: Story = phoneStory('API Endpoints');
