import type { Meta, StoryObj } from '@storybook/react-vite';
import { RefreshCw } from 'lucide-react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './Tooltip.js';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Rescan this endpoint',
    children: <Button variant="outline">Rescan</Button>,
  },
  decorators: [(Story) => <div style={{ padding: '48px 0 0 48px' }}>{Story()}</div>],
  parameters: { screenshot: 'viewport' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard focus opens the tooltip; Escape closes it. Hover waits 700 ms (skip delay 300 ms). */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(TOOLTIP_DELAY_MS).toBe(700);
    await expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'Rescan' })).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Rescan this endpoint');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

/** Hovering does not open it at once: the 700 ms delay applies. */
export const HoverDelay: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Rescan' }));
    await expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await expect(await screen.findByRole('tooltip', {}, { timeout: 2000 })).toBeInTheDocument();
  },
};

export const Open: Story = {
  args: {
    open: true,
    side: 'right',
    content: 'Refresh dashboard data',
    children: (
      <IconButton label="Refresh" variant="outline">
        <RefreshCw size={16} aria-hidden="true" />
      </IconButton>
    ),
  },
};
