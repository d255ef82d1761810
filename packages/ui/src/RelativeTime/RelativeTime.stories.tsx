import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RelativeTime } from './RelativeTime.js';

// Stories run with the clock at 2025-06-01T12:00:00Z (see .storybook/preview.tsx).
const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

const meta = {
  title: 'Data display/RelativeTime',
  component: RelativeTime,
  args: { date: ago(5 * MIN), now: NOW },
} satisfies Meta<typeof RelativeTime>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('5 min ago')).toHaveAttribute('datetime', ago(5 * MIN));
  },
};

/** Dashboard table "Last Seen": N min ago, Nh ago, Nd ago. */
export const Compact: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 4 }}>
      {[0, 59 * MIN, 60 * MIN, 23 * 60 * MIN, 24 * 60 * MIN, 9 * 24 * 60 * MIN].map((ms) => (
        <RelativeTime key={ms} date={ago(ms)} now={NOW} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const texts = [...canvasElement.querySelectorAll('time')].map((t) => t.textContent);
    await expect(texts).toEqual(['0 min ago', '59 min ago', '1h ago', '23h ago', '1d ago', '9d ago']);
  },
};

/** Recent Activity: just now, N minutes ago, N hours ago, N days ago. */
export const Long: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 4 }}>
      {[30_000, 5 * MIN, 3 * 60 * MIN, 2 * 24 * 60 * MIN].map((ms) => (
        <RelativeTime key={ms} date={ago(ms)} now={NOW} variant="long" />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const texts = [...canvasElement.querySelectorAll('time')].map((t) => t.textContent);
    await expect(texts).toEqual(['just now', '5 minutes ago', '3 hours ago', '2 days ago']);
  },
};

/** Without `now` it uses the clock: Storybook fixes it at the fixtures' instant. */
export const FixedClock: Story = {
  args: { date: '2025-06-01T09:00:00Z', now: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('3h ago')).toBeVisible();
  },
};
