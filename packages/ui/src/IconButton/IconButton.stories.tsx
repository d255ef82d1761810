import type { Meta, StoryObj } from '@storybook/react-vite';
import { Eye, RefreshCw, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton } from './IconButton.js';

const meta = {
  title: 'Inputs/IconButton',
  component: IconButton,
  args: { label: 'Refresh', onClick: fn(), children: <RefreshCw size={16} aria-hidden="true" /> },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Refresh' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8 }}>
      <IconButton {...args} label="View" variant="ghost">
        <Eye size={16} aria-hidden="true" />
      </IconButton>
      <IconButton {...args} label="Rescan" variant="outline">
        <RefreshCw size={16} aria-hidden="true" />
      </IconButton>
      <IconButton {...args} label="Delete source" variant="outline" size="sm">
        <Trash2 size={14} aria-hidden="true" />
      </IconButton>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'View' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Rescan' })).toHaveFocus();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Refresh' })).toBeDisabled();
  },
};
