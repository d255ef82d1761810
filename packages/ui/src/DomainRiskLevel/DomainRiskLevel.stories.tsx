import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DomainRiskLevel } from './DomainRiskLevel.js';

const meta = {
  title: 'Data display/DomainRiskLevel',
  component: DomainRiskLevel,
  args: { score: 47.6 },
  decorators: [(Story) => <div style={{ width: 260 }}>{Story()}</div>],
} satisfies Meta<typeof DomainRiskLevel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('48')).toBeVisible();
    await expect(canvas.getByText('Medium')).toBeVisible();
  },
};

export const EveryLevel: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {[12, 20, 21, 50, 51, 80, 81, 97].map((score) => (
        <DomainRiskLevel key={score} score={score} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const levels = within(canvasElement)
      .getAllByRole('meter')
      .map((m) => m.getAttribute('data-level'));
    await expect(levels).toEqual(['Low', 'Low', 'Medium', 'Medium', 'High', 'High', 'Critical', 'Critical']);
  },
};
