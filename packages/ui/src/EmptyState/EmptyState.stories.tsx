import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { EmptyState } from './EmptyState.js';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No high-risk endpoints found' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No high-risk endpoints found')).toBeVisible();
  },
};

export const WithDescriptionAndAction: Story = {
  args: {
    title: 'No endpoints found. Try running a scan to discover endpoints.',
    description: 'Discovery sources feed endpoints into Argus.',
    action: <Button size="sm">Run Scan</Button>,
  },
};

/** User content inside the message is shown as text, never as markup. */
export const SearchTerm: Story = {
  args: {
    title: 'No endpoints match your search "<script>alert(1)</script>". Try a different search term.',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(within(canvasElement).getByText(/<script>alert\(1\)<\/script>/)).toBeVisible();
  },
};
