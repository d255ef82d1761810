import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SeverityDot } from './SeverityDot.js';

const meta = {
  title: 'Data display/SeverityDot',
  component: SeverityDot,
  args: { severity: 'high' },
} satisfies Meta<typeof SeverityDot>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'high severity' })).toBeVisible();
  },
};

export const AllSeverities: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      {['critical', 'high', 'medium', 'low', 'info'].map((s) => (
        <SeverityDot key={s} severity={s} />
      ))}
    </div>
  ),
};
