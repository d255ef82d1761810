import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AlertStatusBadge } from './AlertStatusBadge.js';

const meta = {
  title: 'Data display/AlertStatusBadge',
  component: AlertStatusBadge,
  args: { status: 'open' },
  argTypes: { status: { control: 'select', options: ['open', 'acknowledged', 'resolved', 'suppressed'] } },
} satisfies Meta<typeof AlertStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Open')).toHaveAttribute('data-tone', 'danger');
  },
};

export const AllStatuses: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {['open', 'acknowledged', 'resolved', 'suppressed'].map((s) => (
        <AlertStatusBadge key={s} status={s} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['Open', 'Acknowledged', 'Resolved', 'Suppressed'])
      await expect(canvas.getByText(text)).toBeVisible();
  },
};
