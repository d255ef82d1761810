import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PiiChips } from './PiiChips.js';

const meta = {
  title: 'Data display/PiiChips',
  component: PiiChips,
  args: { types: ['email', 'credit_card'] },
} satisfies Meta<typeof PiiChips>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Underscores become spaces. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('email')).toBeVisible();
    await expect(canvas.getByText('credit card')).toBeVisible();
  },
};

/** At most two chips, then "+N" for the rest. */
export const ManyTypes: Story = {
  args: { types: ['ssn', 'email', 'phone', 'credit_card', 'national_id', 'dob'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ssn')).toBeVisible();
    await expect(canvas.getByText('email')).toBeVisible();
    await expect(canvas.queryByText('phone')).not.toBeInTheDocument();
    await expect(canvas.getByText('+4')).toBeVisible();
  },
};

export const None: Story = {
  args: { types: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('None')).toBeVisible();
  },
};

/** PII screen style: known types by name, others upper-cased. */
export const NamedLabels: Story = {
  args: { types: ['ssn', 'credit_card', 'passport_no'], labelStyle: 'named', max: Infinity },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('SSN')).toBeVisible();
    await expect(canvas.getByText('Credit Card')).toBeVisible();
    await expect(canvas.getByText('PASSPORT NO')).toBeVisible();
  },
};
