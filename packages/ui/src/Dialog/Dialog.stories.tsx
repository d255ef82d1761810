import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { FormField } from '../FormField/FormField.js';
import { Input } from '../Input/Input.js';
import { Dialog } from './Dialog.js';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: {
    title: 'Endpoint Details',
    description: 'GET /api/v1/users/{id}',
    closeButton: true,
    trigger: <Button variant="outline">View</Button>,
    onOpenChange: fn(),
    children: <p style={{ margin: 0 }}>Domain api.acme.com · Risk Score 72 / 100</p>,
  },
  parameters: { screenshot: 'viewport' },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from the trigger; the footer Close button closes it and focus returns to the trigger. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'View' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Endpoint Details' });
    await expect(dialog).toHaveAccessibleDescription('GET /api/v1/users/{id}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveFocus();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const XCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** What a user sees when it is open. Focus starts inside and Tab stays trapped in it. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Endpoint Details' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 3; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  },
};

/** A form dialog: submit and cancel buttons in the footer, no extra Close button. */
export const WithForm: Story = {
  args: {
    defaultOpen: true,
    title: 'Add Domain for Testing',
    description: undefined,
    closeButton: false,
    size: 'sm',
    children: (
      <FormField
        label="Domain Name"
        hint="For example api.example.com"
        required
        error="Domain name is required"
      >
        <Input placeholder="api.example.com" />
      </FormField>
    ),
    footer: (
      <>
        <Button variant="outline">Cancel</Button>
        <Button>Add Domain</Button>
      </>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add Domain for Testing' });
    await expect(within(dialog).getByRole('textbox', { name: 'Domain Name' })).toHaveAccessibleDescription(
      'For example api.example.com Domain name is required',
    );
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  },
};
