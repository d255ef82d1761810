import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Card } from './Card.js';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: {
    title: 'Domain Summary',
    description: 'Endpoints and high-risk endpoints per domain',
    children: <p style={{ margin: 0 }}>api.acme.com · 42 endpoints</p>,
  },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Domain Summary' }),
    ).toBeVisible();
  },
};

export const WithActions: Story = {
  args: {
    title: 'Recent Activity',
    description: undefined,
    actions: (
      <Button variant="ghost" size="sm">
        View all activity
      </Button>
    ),
  },
};

export const BodyOnly: Story = { args: { title: undefined, description: undefined } };
