import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Textarea } from './Textarea.js';

const meta = {
  title: 'Inputs/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Description', placeholder: 'Optional description' },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Description' });
    await userEvent.type(box, 'Internal billing API');
    await expect(box).toHaveValue('Internal billing API');
  },
};

/** JSON configuration (alert rule conditions, channel config) in a monospaced font. */
export const MonospaceJson: Story = {
  args: { monospace: true, 'aria-label': 'Conditions', defaultValue: '{\n  "riskScore": { "gte": 80 }\n}' },
};

export const Invalid: Story = { args: { 'aria-invalid': true } };
