import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Select } from './Select.js';

const domains = [
  { value: 'all', label: 'All Domains' },
  { value: 'api.acme.com', label: 'api.acme.com' },
  { value: 'payments.acme.com', label: 'payments.acme.com' },
];

const meta = {
  title: 'Inputs/Select',
  component: Select,
  args: { options: domains, 'aria-label': 'Domain filter', onValueChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 240 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('all');
    return (
      <Select
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange?.(next);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Domain filter' });
    await expect(trigger).toHaveTextContent('All Domains');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'payments.acme.com' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('payments.acme.com');
    await expect(trigger).toHaveTextContent('payments.acme.com');
  },
};

export const Placeholder: Story = { args: { placeholder: 'Select a provider' } };

/** The list open, as a user sees it (screenshot covers the portal). */
export const Open: Story = {
  args: { defaultValue: 'all' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Domain filter' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('listbox')).toBeVisible();
    await expect(screen.getByRole('option', { name: 'All Domains' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'all' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toBeDisabled();
  },
};
