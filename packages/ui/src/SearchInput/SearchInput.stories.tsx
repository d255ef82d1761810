import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchInput } from './SearchInput.js';

const meta = {
  title: 'Inputs/SearchInput',
  component: SearchInput,
  args: { placeholder: 'Search endpoints, domains, or vulnerabilities...', onValueChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('');
    return (
      <SearchInput
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
    const box = within(canvasElement).getByRole('searchbox', {
      name: 'Search endpoints, domains, or vulnerabilities...',
    });
    await userEvent.type(box, 'users');
    await expect(box).toHaveValue('users');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('users');
  },
};

export const WithValue: Story = {
  args: { placeholder: 'Search endpoints...', defaultValue: '/api/v1/users' },
};

export const ExplicitLabel: Story = {
  args: { label: 'Filter alerts', placeholder: 'Search...' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox', { name: 'Filter alerts' })).toBeInTheDocument();
  },
};
