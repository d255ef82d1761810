import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TestEvidence, type EvidenceExchange } from './TestEvidence.js';

const book = '{"id":11,"title":"Alice\'s diary","owner":1}';
const exchange = (label: string, who: string, status = 200): EvidenceExchange => ({
  label,
  request: {
    method: 'GET',
    url: 'https://staging.api.example.com/books/11',
    headers: { authorization: `Bearer $ARGUS_${who}_TOKEN` },
    body: null,
  },
  response: { status, headers: { 'content-type': 'application/json' }, body: book },
  curl: `curl -X GET 'https://staging.api.example.com/books/11' -H 'authorization: Bearer $ARGUS_${who}_TOKEN'`,
});

const meta = {
  title: 'Security tests/TestEvidence',
  component: TestEvidence,
  args: {
    exchanges: [exchange('owner as alice', 'ALICE'), exchange('attack as bob', 'BOB')],
    onCopyCurl: fn(),
  },
} satisfies Meta<typeof TestEvidence>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ConfirmedBola: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2. attack as bob')).toBeVisible();
    await expect(canvas.getAllByText(/\$ARGUS_BOB_TOKEN/)[0]).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: 'Copy curl' })[1]!);
    await expect(args.onCopyCurl).toHaveBeenCalledWith(expect.stringContaining('$ARGUS_BOB_TOKEN'));
  },
};

export const NoAnswer: Story = {
  args: { exchanges: [{ ...exchange('baseline as alice', 'ALICE'), response: null }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No answer')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { exchanges: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No requests recorded for this result.')).toBeVisible();
  },
};
