import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from './Spinner.js';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading sources' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Loading sources' })).toBeVisible();
  },
};

export const Large: Story = { args: { size: 32 } };
