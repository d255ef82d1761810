import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Slider } from './Slider.js';

const meta = {
  title: 'Inputs/Slider',
  component: Slider,
  args: { 'aria-label': 'Vulnerability severity weight', onValueChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  render: function Render(args) {
    const [value, setValue] = useState(40);
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Slider
          {...args}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            args.onValueChange?.(next);
          }}
        />
        <output aria-label="Weight">{value}</output>
      </div>
    );
  },
  play: async ({ canvasElement, args }) => {
    const thumb = within(canvasElement).getByRole('slider', { name: 'Vulnerability severity weight' });
    await expect(thumb).toHaveAttribute('aria-valuenow', '40');
    thumb.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(thumb).toHaveAttribute('aria-valuenow', '42');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(42);
    await userEvent.keyboard('{End}');
    await expect(thumb).toHaveAttribute('aria-valuenow', '100');
  },
};

export const Disabled: Story = { args: { defaultValue: 15, disabled: true } };
