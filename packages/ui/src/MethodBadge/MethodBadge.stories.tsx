import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MethodBadge } from './MethodBadge.js';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const meta = {
  title: 'Data display/MethodBadge',
  component: MethodBadge,
  args: { method: 'GET' },
  argTypes: {
    method: { control: 'select', options: methods },
    variant: { control: 'inline-radio', options: ['standard', 'table'] },
  },
} satisfies Meta<typeof MethodBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** GET green; POST and DELETE red; PUT and PATCH primary; anything else neutral. */
export const Standard: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {methods.map((m) => (
        <MethodBadge key={m} method={m} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tone = (m: string) => canvas.getByText(m).getAttribute('data-tone');
    await expect([
      tone('GET'),
      tone('POST'),
      tone('DELETE'),
      tone('PUT'),
      tone('PATCH'),
      tone('OPTIONS'),
    ]).toEqual(['success', 'danger', 'danger', 'primary', 'primary', 'neutral']);
  },
};

/** Dashboard table: each of the five methods has its own colour. */
export const DashboardTable: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      {methods.map((m) => (
        <MethodBadge key={m} method={m} variant="table" />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const five = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) =>
      canvas.getByText(m).getAttribute('data-tone'),
    );
    await expect(new Set(five).size).toBe(5);
    await expect(canvas.getByText('OPTIONS')).toHaveAttribute('data-tone', 'neutral');
  },
};

export const LowerCaseInput: Story = {
  args: { method: 'patch' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('PATCH')).toBeVisible();
  },
};
