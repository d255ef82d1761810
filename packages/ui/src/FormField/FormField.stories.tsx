import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Input } from '../Input/Input.js';
import { Select } from '../Select/Select.js';
import { Textarea } from '../Textarea/Textarea.js';
import { FormField } from './FormField.js';

const meta = {
  title: 'Inputs/FormField',
  component: FormField,
  args: { label: 'Source Name', children: <Input placeholder="Production Swagger" /> },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Source Name' })).toBeInTheDocument();
  },
};

export const WithHint: Story = {
  args: {
    label: 'Region',
    hint: 'Required for AWS API Gateway',
    children: <Input placeholder="us-east-1" />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Region' })).toHaveAccessibleDescription(
      'Required for AWS API Gateway',
    );
  },
};

/** A validation message marks the control invalid and is announced. */
export const WithError: Story = {
  args: { required: true, error: 'Name is required' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Source Name' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Name is required');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Name is required');
  },
};

export const WithSelect: Story = {
  args: {
    label: 'Log Format',
    children: (
      <Select
        defaultValue="apache"
        options={[
          { value: 'apache', label: 'Apache' },
          { value: 'nginx', label: 'Nginx' },
          { value: 'aws_api_gateway', label: 'AWS API Gateway' },
        ]}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Log Format' })).toHaveTextContent(
      'Apache',
    );
  },
};

export const WithTextareaError: Story = {
  args: {
    label: 'Conditions (JSON)',
    error: 'Conditions are required',
    children: <Textarea monospace placeholder='{"riskScore": {"gte": 80}}' />,
  },
};
