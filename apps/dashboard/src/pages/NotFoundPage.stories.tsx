import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { mockApi, pageParameters, withPage } from '../stories/pageStory.js';
import NotFoundPage from './NotFoundPage.js';

const meta = {
  title: 'Pages/Not Found',
  component: NotFoundPage,
  decorators: [withPage('/no-such-page', '/no-such-page')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Dashboard' }));
    await expect(await canvas.findByText('Navigated to /')).toBeVisible();
  },
};
