import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDrop } from './FileDrop.js';

const meta = {
  title: 'Inputs/FileDrop',
  component: FileDrop,
  args: { accept: ['.json', '.yaml', '.yml'], onFile: fn(), label: 'Upload specification' },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof FileDrop>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Drag a .json, .yaml or .yml file here, or')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Upload specification' })).toBeEnabled();
  },
};

/** Choosing an allowed file hands back the File and its text. */
export const AcceptsFile: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const file = new File(['openapi: 3.0.0\n'], 'petstore.yaml', { type: 'application/yaml' });
    await userEvent.upload(canvas.getByLabelText('Upload specification'), file);
    await waitFor(() => expect(args.onFile).toHaveBeenCalledWith(file, 'openapi: 3.0.0\n'));
    await expect(canvas.getByText('petstore.yaml')).toBeVisible();
  },
};

/** Other extensions are refused with a message. */
export const RejectsOtherExtensions: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const file = new File(['hello'], 'notes.pdf', { type: 'application/pdf' });
    await userEvent.upload(canvas.getByLabelText('Upload specification'), file, { applyAccept: false });
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '"notes.pdf" is not supported. Use a .json, .yaml or .yml file.',
    );
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

/** Access logs: .log or .txt, with the line count under the file name. */
export const AccessLogWithDetails: Story = {
  args: { accept: ['.log', '.txt'], label: 'Upload log file', details: '3 lines' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const file = new File(['a\nb\nc\n'], 'access.log', { type: 'text/plain' });
    await userEvent.upload(canvas.getByLabelText('Upload log file'), file);
    await expect(await canvas.findByText('3 lines')).toBeVisible();
  },
};

export const WithError: Story = { args: { error: 'Log file content is required', accept: ['.log', '.txt'] } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Upload specification' })).toBeDisabled();
  },
};
