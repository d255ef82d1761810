import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  ToastProvider,
  useToast,
  type ToastOptions,
} from './Toast.js';

function Demo({ initial }: { initial?: ToastOptions }) {
  const { toast } = useToast();
  useEffect(() => {
    if (initial) toast({ ...initial, duration: Infinity });
  }, [initial, toast]);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button
        variant="outline"
        onClick={() =>
          toast({ title: 'Scan Started', description: 'Initiating API discovery and security scanning...' })
        }
      >
        Start scan
      </Button>
      <Button
        variant="outline"
        onClick={() =>
          toast({
            title: 'Scan Completed',
            description: 'Successfully scanned and analyzed 20 endpoints.',
          })
        }
      >
        Finish scan
      </Button>
      <Button
        variant="destructive"
        onClick={() =>
          toast({
            title: 'Scan Failed',
            description: 'Failed to complete the security scan. Please try again.',
            variant: 'destructive',
          })
        }
      >
        Fail scan
      </Button>
    </div>
  );
}

const meta = {
  title: 'Overlays/Toast',
  component: ToastProvider,
  render: (_args, { parameters }) => (
    <ToastProvider>
      <Demo initial={parameters['initialToast'] as ToastOptions | undefined} />
    </ToastProvider>
  ),
  parameters: { screenshot: 'viewport' },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Only one toast at a time: a new one replaces the current one. Spec constants are asserted too. */
export const OneAtATime: Story = {
  play: async ({ canvasElement }) => {
    await expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_REMOVE_DELAY_MS]).toEqual([
      1, 5000, 50, 1_000_000,
    ]);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start scan' }));
    await expect(await screen.findByText('Scan Started')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Finish scan' }));
    await expect(await screen.findByText('Scan Completed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Scan Started')).not.toBeInTheDocument());
    await expect(screen.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** F8 moves focus to the notifications region. */
export const F8FocusesRegion: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start scan' }));
    await screen.findByText('Scan Started');
    // Radix listens for the key code F8 (`[F8]` in user-event syntax).
    await userEvent.keyboard('[F8]');
    const region = screen.getByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(within(region).getByRole('list')).toHaveFocus());
  },
};

/** The dismiss button closes the toast. */
export const Dismiss: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start scan' }));
    await screen.findByText('Scan Started');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByText('Scan Started')).not.toBeInTheDocument());
  },
};

/** Dragging a toast to the right past 50 px dismisses it; a shorter drag snaps back. */
export const SwipeRight: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Start scan' }));
    const toast = (await screen.findByText('Scan Started')).closest('li') as HTMLElement;
    const box = toast.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const x = box.left + 40;
    const drag = (dx: number) =>
      userEvent.pointer([
        { keys: '[MouseLeft>]', target: toast, coords: { clientX: x, clientY: y } },
        { target: toast, coords: { clientX: x + dx / 2, clientY: y } },
        { target: toast, coords: { clientX: x + dx, clientY: y } },
        { keys: '[/MouseLeft]', target: toast, coords: { clientX: x + dx, clientY: y } },
      ]);
    await drag(30);
    await expect(screen.getByText('Scan Started')).toBeVisible();
    await drag(80);
    await waitFor(() => expect(screen.queryByText('Scan Started')).not.toBeInTheDocument());
  },
};

export const Default: Story = {
  parameters: {
    initialToast: { title: 'Refreshed', description: 'Dashboard data has been refreshed.' },
  },
  play: async () => {
    await expect(await screen.findByText('Dashboard data has been refreshed.')).toBeVisible();
    // Wide screen (1200 px): the toast list is at most 420 px wide.
    const list = within(screen.getByRole('region', { name: /Notifications/ })).getByRole('list');
    await expect(list.getBoundingClientRect().width).toBeLessThanOrEqual(420);
  },
};

export const Destructive: Story = {
  parameters: {
    initialToast: {
      title: 'Scan Failed',
      description: 'Failed to complete the security scan. Please try again.',
      variant: 'destructive',
    },
  },
  play: async () => {
    const title = await screen.findByText('Scan Failed');
    await expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
  },
};
