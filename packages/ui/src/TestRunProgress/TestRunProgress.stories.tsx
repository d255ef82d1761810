import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TestRunProgress } from './TestRunProgress.js';

const meta = {
  title: 'Security tests/TestRunProgress',
  component: TestRunProgress,
  args: {
    status: 'running',
    testsDone: 18,
    testsPlanned: 48,
    confirmed: 2,
    passed: 12,
    skipped: 4,
    requestsSent: 131,
    budget: 500,
    onCancel: fn(),
  },
} satisfies Meta<typeof TestRunProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Test run progress' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    await expect(
      canvas.getByText('2 confirmed · 12 not vulnerable · 4 could not run · 131 of 500 requests'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel run' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const StoppedAtBudget: Story = {
  args: {
    status: 'completed',
    testsDone: 30,
    requestsSent: 500,
    message: 'Stopped at the request budget (500 requests); raise it to run every test',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Completed')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    await expect(canvas.getByText(/Stopped at the request budget/)).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    status: 'failed',
    testsDone: 0,
    testsPlanned: 0,
    confirmed: 0,
    passed: 0,
    skipped: 0,
    requestsSent: 0,
    message: 'staging.example.com resolves to 10.0.0.4, a private address',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('private address');
  },
};
