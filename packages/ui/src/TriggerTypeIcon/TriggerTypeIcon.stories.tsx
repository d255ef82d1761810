import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TriggerTypeIcon } from './TriggerTypeIcon.js';

const meta = {
  title: 'Data display/TriggerTypeIcon',
  component: TriggerTypeIcon,
  args: { triggerType: 'vulnerability_detected' },
  argTypes: {
    triggerType: {
      control: 'select',
      options: ['vulnerability_detected', 'high_risk_endpoint', 'pii_exposed', 'threshold_breach'],
    },
  },
} satisfies Meta<typeof TriggerTypeIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Vulnerability Detected' })).toBeVisible();
  },
};

export const AllWithLabels: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {['vulnerability_detected', 'high_risk_endpoint', 'pii_exposed', 'threshold_breach', 'custom_hook'].map(
        (t) => (
          <TriggerTypeIcon key={t} triggerType={t} withLabel />
        ),
      )}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of [
      'Vulnerability Detected',
      'High Risk Endpoint',
      'PII Exposed',
      'Threshold Breach',
      'Custom Hook',
    ])
      await expect(canvas.getByText(text)).toBeVisible();
  },
};
