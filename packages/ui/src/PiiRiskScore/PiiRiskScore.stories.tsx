import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PiiRiskScore } from './PiiRiskScore.js';

const meta = {
  title: 'Data display/PiiRiskScore',
  component: PiiRiskScore,
  args: { score: 74 },
} satisfies Meta<typeof PiiRiskScore>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('74/100')).toHaveAttribute('data-tone', 'danger');
  },
};

/** ≥70 red, 50–69 yellow with a warning icon from 50, <50 green without icon. */
export const Thresholds: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 12 }}>
      {[49, 50, 69, 70].map((score) => (
        <PiiRiskScore key={score} score={score} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('49/100')).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('50/100')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('69/100')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('70/100')).toHaveAttribute('data-tone', 'danger');
    await expect(canvas.getAllByRole('img', { name: 'High PII risk' })).toHaveLength(3);
  },
};
