import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RiskScoreBar } from './RiskScoreBar.js';

const meta = {
  title: 'Data display/RiskScoreBar',
  component: RiskScoreBar,
  args: { score: 72 },
  argTypes: { score: { control: { type: 'range', min: 0, max: 100 } } },
  decorators: [(Story) => <div style={{ width: 220 }}>{Story()}</div>],
} satisfies Meta<typeof RiskScoreBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Risk score 72 of 100, high' });
    await expect(meter).toHaveAttribute('aria-valuenow', '72');
    await expect(within(canvasElement).getByText('72')).toBeVisible();
  },
};

/** The band edges: 20 low, 21 and 50 elevated, 51 and 80 high, 81 and 100 critical. */
export const EveryBand: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {[0, 20, 21, 50, 51, 80, 81, 100].map((score) => (
        <RiskScoreBar key={score} score={score} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const bands = within(canvasElement)
      .getAllByRole('meter')
      .map((m) => m.getAttribute('data-band'));
    await expect(bands).toEqual([
      'low',
      'low',
      'elevated',
      'elevated',
      'high',
      'high',
      'critical',
      'critical',
    ]);
  },
};

/** Bar width equals the score as a percent. */
export const Width: Story = {
  args: { score: 35 },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter');
    const fill = meter.firstElementChild as HTMLElement;
    const ratio = fill.getBoundingClientRect().width / meter.getBoundingClientRect().width;
    await expect(ratio).toBeCloseTo(0.35, 2);
  },
};

export const WithoutValue: Story = { args: { score: 90, showValue: false } };
