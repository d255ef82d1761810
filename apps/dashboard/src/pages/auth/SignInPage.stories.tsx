import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { mockApi, pageParameters, withPage } from '../../stories/pageStory.js';
import SignInPage from './SignInPage.js';

const meta = {
  title: 'Pages/Sign In',
  component: SignInPage,
  decorators: [withPage('/signin?next=%2Falerts', '/signin', { shell: false })],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof SignInPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Validation messages, then a successful sign-in goes back to where the user was headed. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Username is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
  },
};

export const SignsIn: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Username/), 'admin');
    await userEvent.type(canvas.getByLabelText(/Password/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Navigated to /alerts')).toBeVisible();
  },
};

export const WrongPassword: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Username/), 'mallory');
    await userEvent.type(canvas.getByLabelText(/Password/), 'guess');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(await canvas.findByText('Invalid username or password')).toBeVisible();
  },
};
