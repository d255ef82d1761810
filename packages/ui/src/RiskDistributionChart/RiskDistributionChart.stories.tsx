import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RiskDistributionChart, riskDistribution } from './RiskDistributionChart.js';

const scores = [5, 12, 18, 20, 25, 33, 47, 50, 52, 61, 64, 77, 80, 84, 92, 99, 100];

const meta = {
  title: 'Charts/RiskDistributionChart',
  component: RiskDistributionChart,
  args: { data: riskDistribution(scores), caption: 'Endpoints per risk band' },
  decorators: [(Story) => <div style={{ width: 560 }}>{Story()}</div>],
} satisfies Meta<typeof RiskDistributionChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(riskDistribution(scores).map((b) => b.count)).toEqual([4, 4, 5, 4]);
    const chart = within(canvasElement).getByRole('img', { name: /Endpoints per risk band/ });
    await expect(chart).toHaveAccessibleName(
      'Endpoints per risk band. Low (0-20): 4, Elevated (21-50): 4, High (51-80): 5, Critical (81-100): 4',
    );
    await expect(
      await within(canvasElement).findByText('Critical (81-100)', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  },
};

export const Empty: Story = { args: { data: riskDistribution([]), caption: 'No endpoints yet' } };
