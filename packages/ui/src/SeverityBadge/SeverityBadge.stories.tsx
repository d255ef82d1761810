import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SeverityBadge } from './SeverityBadge.js';

const meta = {
  title: 'Data display/SeverityBadge',
  component: SeverityBadge,
  args: { severity: 'critical' },
  argTypes: {
    severity: { control: 'select', options: ['critical', 'high', 'medium', 'low', 'info', 'unknown'] },
  },
} satisfies Meta<typeof SeverityBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Critical')).toHaveAttribute('data-tone', 'danger');
  },
};

export const AllSeverities: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {['critical', 'high', 'medium', 'low', 'info', 'weird'].map((s) => (
        <SeverityBadge key={s} severity={s} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Weird')).toHaveAttribute('data-tone', 'neutral');
  },
};

export const LowerCase: Story = {
  args: { severity: 'high', capitalized: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('high')).toBeVisible();
  },
};
