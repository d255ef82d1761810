import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { tones } from '../theme/tokens.js';
import { Badge } from './Badge.js';

const meta = {
  title: 'Data display/Badge',
  component: Badge,
  args: { children: 'Active', tone: 'success' },
  argTypes: { tone: { control: 'select', options: tones } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Active')).toHaveAttribute('data-tone', 'success');
  },
};

/** Every tone, soft and outlined. */
export const Tones: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {(['soft', 'outline'] as const).map((variant) => (
        <div key={variant} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {tones.map((tone) => (
            <Badge key={tone} tone={tone} variant={variant}>
              {tone}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
};

export const Mono: Story = { args: { mono: true, tone: 'neutral', children: 'CVE-2024-1234' } };
