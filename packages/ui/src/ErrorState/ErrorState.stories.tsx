import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { ErrorState } from './ErrorState.js';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  args: { title: 'Error loading alerts: 500: Internal Server Error' },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Error loading alerts: 500: Internal Server Error',
    );
  },
};

export const WithRetry: Story = {
  args: {
    title: 'Endpoint Not Found',
    description: 'The requested endpoint could not be found.',
    action: <Button variant="outline">Back to Endpoints</Button>,
  },
};
