import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FilterBar, type FilterDefinition } from './FilterBar.js';

const filters: FilterDefinition[] = [
  {
    key: 'domain',
    label: 'Domain',
    options: [
      { value: 'api.example.com', label: 'api.example.com' },
      { value: 'payments.example.com', label: 'payments.example.com' },
    ],
  },
  {
    key: 'method',
    label: 'Method',
    options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => ({ value: m, label: m })),
  },
  {
    key: 'risk',
    label: 'Risk',
    options: [
      { value: 'critical', label: 'Critical (80–100)' },
      { value: 'high', label: 'High (60–79)' },
      { value: 'medium', label: 'Medium (40–59)' },
      { value: 'low', label: 'Low (0–39)' },
    ],
  },
  {
    key: 'pii',
    label: 'PII',
    options: [
      { value: 'email', label: 'Email' },
      { value: 'ssn', label: 'SSN' },
    ],
  },
];

const meta = {
  title: 'Inputs/FilterBar',
  component: FilterBar,
  args: { label: 'Filter endpoints', filters, values: {}, onValuesChange: fn() },
  render: function Render(args) {
    const [values, setValues] = useState(args.values);
    return (
      <FilterBar
        {...args}
        values={values}
        onValuesChange={(next) => {
          setValues(next);
          args.onValuesChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Filter endpoints' })).toBeInTheDocument();
    await expect(canvas.getByRole('combobox', { name: 'Method' })).toHaveTextContent('Any');
    await expect(canvas.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  },
};

export const Active: Story = {
  args: { values: { domain: 'api.example.com', risk: 'high' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Risk' })).toHaveTextContent('High (60–79)');
    await expect(canvas.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Domain: api.example.com',
    );
  },
};

export const RemoveAndClear: Story = {
  args: { values: { domain: 'api.example.com', risk: 'high' } },
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove filter Risk: High (60–79)' }));
    await expect(args.onValuesChange).toHaveBeenLastCalledWith({ domain: 'api.example.com' });
    await expect(canvas.getByRole('combobox', { name: 'Risk' })).toHaveTextContent('Any');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear all' }));
    await expect(args.onValuesChange).toHaveBeenLastCalledWith({});
    await expect(canvas.queryByRole('listitem')).not.toBeInTheDocument();
  },
};

export const PickWithKeyboard: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const method = canvas.getByRole('combobox', { name: 'Method' });
    method.focus();
    await userEvent.keyboard('{Enter}');
    const post = await within(document.body).findByRole('option', { name: 'POST' });
    await userEvent.click(post);
    await expect(args.onValuesChange).toHaveBeenLastCalledWith({ method: 'POST' });
    await expect(canvas.getByRole('button', { name: 'Remove filter Method: POST' })).toBeInTheDocument();
  },
};

export const Phone: Story = {
  args: { values: { domain: 'payments.example.com', method: 'DELETE', pii: 'ssn' } },
  decorators: [(Story) => <div style={{ maxWidth: 358 }}>{Story()}</div>],
};
