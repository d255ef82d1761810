import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TEST_OUTCOMES, TestOutcomeBadge } from './TestOutcomeBadge.js';

const meta = {
  title: 'Security tests/TestOutcomeBadge',
  component: TestOutcomeBadge,
  args: { outcome: 'confirmed' },
  argTypes: { outcome: { control: 'select', options: TEST_OUTCOMES } },
} satisfies Meta<typeof TestOutcomeBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Confirmed')).toHaveAttribute('data-tone', 'danger');
  },
};

export const AllOutcomes: Story = {
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {TEST_OUTCOMES.map((o) => (
        <TestOutcomeBadge key={o} outcome={o} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not vulnerable')).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('Could not run')).toBeVisible();
  },
};
