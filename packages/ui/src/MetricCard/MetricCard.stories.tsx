import type { Meta, StoryObj } from '@storybook/react-vite';
import { AlertTriangle, Eye, Gauge, Network } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { formatDecimal, formatNumber } from '../format/format.js';
import { MetricCard } from './MetricCard.js';

const meta = {
  title: 'Data display/MetricCard',
  component: MetricCard,
  parameters: {
    docs: {
      description: {
        component:
          'A headline number with title, icon and change line. `MetricCard.Skeleton` is its loading shape (the dashboard shows four).',
      },
    },
  },
  args: {
    title: 'Total Endpoints',
    value: formatNumber(12847),
    change: '+12.5% from last month',
    changeTone: 'positive',
    icon: <Network size={18} />,
  },
  decorators: [(Story) => <div style={{ maxWidth: 280 }}>{Story()}</div>],
} satisfies Meta<typeof MetricCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article', { name: 'Total Endpoints' });
    await expect(card).toHaveTextContent('12,847');
    await expect(card).toHaveTextContent('+12.5% from last month');
  },
};

/** The dashboard's four cards with their fixed change lines. */
export const DashboardRow: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 'none' }}>{Story()}</div>],
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 16, width: 1100 }}>
      <MetricCard
        title="Total Endpoints"
        value={formatNumber(1284)}
        change="+12.5% from last month"
        changeTone="positive"
        icon={<Network size={18} />}
      />
      <MetricCard
        title="High Risk"
        value="23"
        change="+5 from yesterday"
        changeTone="negative"
        icon={<AlertTriangle size={18} />}
      />
      <MetricCard
        title="PII Exposed"
        value="41"
        change="-3 from last week"
        changeTone="positive"
        icon={<Eye size={18} />}
      />
      <MetricCard
        title="Avg Risk Score"
        value={formatDecimal(42.36)}
        change="-2.1 improvement"
        changeTone="positive"
        icon={<Gauge size={18} />}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article', { name: 'Avg Risk Score' })).toHaveTextContent(
      '42.4',
    );
  },
};

/** Loading: `MetricCard.Skeleton`, four of them on the dashboard. */
export const Loading: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 16, width: 1100 }}>
      {Array.from({ length: 4 }, (_, i) => (
        <MetricCard.Skeleton key={i} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByTestId('metric-card-skeleton')).toHaveLength(4);
  },
};

export const LongValue: Story = { args: { value: formatNumber(123456789), change: undefined } };
