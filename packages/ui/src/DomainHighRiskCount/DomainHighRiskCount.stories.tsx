import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DomainHighRiskCount } from './DomainHighRiskCount.js';

const meta = {
  title: 'Data display/DomainHighRiskCount',
  component: DomainHighRiskCount,
  args: { count: 12 },
} satisfies Meta<typeof DomainHighRiskCount>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** ≥15 red, 10–14 high (orange), 5–9 yellow, under 5 low (green). */
export const Thresholds: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {[4, 5, 9, 10, 14, 15].map((count) => (
        <DomainHighRiskCount key={count} count={count} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tone = (n: number) => canvas.getByText(`${n} high risk`).getAttribute('data-tone');
    await expect([4, 5, 9, 10, 14, 15].map(tone)).toEqual([
      'success',
      'warning',
      'warning',
      'orange',
      'orange',
      'danger',
    ]);
  },
};
