import type { Meta, StoryObj } from '@storybook/react-vite';
import { AlertTriangle, Bell, CheckCircle, Globe } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { StatTile } from './StatTile.js';

const meta = {
  title: 'Data display/StatTile',
  component: StatTile,
  parameters: {
    docs: {
      description: {
        component:
          'Summary tile above list screens (Total Domains, Open Alerts…). `StatTile.Skeleton` while loading; also exported as `Tile`.',
      },
    },
  },
  args: { label: 'Total Domains', value: '12', icon: <Globe size={20} />, tone: 'primary' },
  decorators: [(Story) => <div style={{ maxWidth: 260 }}>{Story()}</div>],
} satisfies Meta<typeof StatTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article', { name: 'Total Domains' })).toHaveTextContent(
      '12',
    );
  },
};

export const AlertTiles: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 'none' }}>{Story()}</div>],
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 220px)', gap: 12 }}>
      <StatTile label="Total Alerts" value="57" icon={<Bell size={20} />} />
      <StatTile label="Open Alerts" value="21" icon={<AlertTriangle size={20} />} tone="danger" />
      <StatTile label="Acknowledged" value="9" icon={<CheckCircle size={20} />} tone="warning" />
      <StatTile label="Critical Alerts" value="4" icon={<AlertTriangle size={20} />} tone="orange" />
    </div>
  ),
};

export const Loading: Story = {
  parameters: { controls: { disable: true } },
  render: () => <StatTile.Skeleton />,
};
