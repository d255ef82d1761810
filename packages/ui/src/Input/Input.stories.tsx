import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Input } from './Input.js';

const meta = {
  title: 'Inputs/Input',
  component: Input,
  args: { 'aria-label': 'Source Name', placeholder: 'My Swagger source' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Source Name' });
    await userEvent.type(input, 'Payments API');
    await expect(input).toHaveValue('Payments API');
  },
};

export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'not a url' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Locked' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

/** `type="password"` masks the value, e.g. "API Key / Access Token". */
export const Masked: Story = {
  args: { type: 'password', 'aria-label': 'API Key / Access Token', defaultValue: 'sk_live_123' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('API Key / Access Token');
    await expect(input).toHaveAttribute('type', 'password');
  },
};
