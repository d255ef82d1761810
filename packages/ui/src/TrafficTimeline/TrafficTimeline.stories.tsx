import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TrafficTimeline, type TrafficPoint } from './TrafficTimeline.js';

// A deterministic day of traffic: a daily curve, no randomness.
const data: TrafficPoint[] = Array.from({ length: 24 }, (_, hour) => ({
  label: `${String(hour).padStart(2, '0')}:00`,
  requests: Math.round(1200 + 900 * Math.sin(((hour - 6) / 24) * 2 * Math.PI) + (hour % 3) * 40),
}));

const meta = {
  title: 'Charts/TrafficTimeline',
  component: TrafficTimeline,
  args: { data, caption: 'Requests per hour, last 24h' },
  decorators: [(Story) => <div style={{ width: 720 }}>{Story()}</div>],
} satisfies Meta<typeof TrafficTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const total = data.reduce((s, p) => s + p.requests, 0).toLocaleString('en-US');
    await expect(
      canvas.getByRole('img', { name: `Requests per hour, last 24h: ${total} requests over 24 intervals` }),
    ).toBeVisible();
    // The axis drops labels that would collide but always keeps the last one.
    await expect(await canvas.findByText('23:00', {}, { timeout: 10_000 })).toBeInTheDocument();
  },
};

export const Flat: Story = {
  args: { data: data.map((p) => ({ ...p, requests: 0 })), caption: 'No traffic' },
};
