import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { EvidenceList, type EvidenceItem } from './EvidenceList.js';

const card: EvidenceItem = {
  side: 'request',
  part: 'body',
  field: 'payment.card.number',
  rule: 'credit_card:luhn+iin + field-name:card_number',
  sample: '4111 •••• •••• 1111',
  firstSeen: '2025-05-02T09:14:00Z',
  lastSeen: '2025-06-01T11:40:00Z',
};
const spec: EvidenceItem = {
  side: 'request',
  part: 'body',
  field: 'card[cvc]',
  pointer: '#/paths/~1v1~1tokens/post/requestBody',
  rule: 'field-name:cvc',
};
const bola: EvidenceItem = {
  side: 'request',
  part: 'path',
  field: '/api/v1/users/{id}',
  rule: 'ARGUS-API1-001:id-param-unauthenticated',
  detail: 'GET with an object id answered 200 to 41 requests without credentials',
  firstSeen: '2025-06-01T08:00:00Z',
  lastSeen: '2025-06-01T08:00:00Z',
};

const meta = {
  title: 'Data display/EvidenceList',
  component: EvidenceList,
  args: { items: [card, spec] },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof EvidenceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Traffic evidence (with the dates it was seen) and a field of the API description (its pointer). */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('group', { name: 'Why flagged' });
    await expect(within(list).getByText('4111 •••• •••• 1111')).toBeVisible();
    await expect(within(list).getByText('payment.card.number')).toBeVisible();
    await expect(within(list).getByText('May 2, 2025 – Jun 1, 2025')).toBeVisible();
    await expect(within(list).getByText(/^API description, request body/)).toBeVisible();
    await expect(within(list).getByText('#/paths/~1v1~1tokens/post/requestBody')).toBeVisible();
  },
};

/** A vulnerability: the operation itself, the check that fired, what it observed, one date. */
export const Vulnerability: Story = {
  args: { items: [bola] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Request path/)).toBeVisible();
    await expect(canvas.getByText('ARGUS-API1-001:id-param-unauthenticated')).toBeVisible();
    await expect(canvas.getByText('Jun 1, 2025')).toBeVisible();
    await expect(canvas.getByText(/answered 200 to 41 requests/)).toBeVisible();
  },
};

/** Long field paths and pointers wrap instead of widening the page. */
export const LongValues: Story = {
  args: {
    items: [
      {
        ...spec,
        field: 'data.attributes.customer.billing_details.payment_method.card.number',
        pointer:
          '#/paths/~1v1~1customers~1{customer}~1payment_methods~1{payment_method}/post/requestBody/content/application~1json/schema',
      },
    ],
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No evidence recorded')).toBeVisible();
  },
};
