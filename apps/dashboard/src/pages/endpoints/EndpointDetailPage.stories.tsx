import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { makeFixtures } from '@argus/api/mocks';
import { mockApi, pageParameters, showsText, withPage } from '../../stories/pageStory.js';
import EndpointDetailPage from './EndpointDetailPage.js';

const meta = {
  title: 'Pages/Endpoint Detail',
  component: EndpointDetailPage,
  decorators: [withPage('/endpoints/ep-1', '/endpoints/:id')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof EndpointDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /^Vulnerabilities \(\d+\)$/ })).toBeVisible();
    await expect(canvas.getByText(/^\d+ \/ 100$/)).toBeVisible();
    await expect(canvas.getByText('Average RPS')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeVisible();
    // The latest outcome of each security test run on the endpoint, with its evidence.
    await expect(
      await canvas.findByRole('heading', { name: /^Security Tests \(\d+\)$/ }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('table', { name: 'Security tests run on this endpoint' }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: mockApi({ variant: 'loading', resources: { auth: 'full' } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Loading endpoint')).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: mockApi({ resources: { endpoint: 'empty' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Endpoint Not Found')).toBeVisible();
    await expect(canvas.getByText('The requested endpoint could not be found.')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Back to Endpoints' }));
    await expect(await canvas.findByText('Navigated to /endpoints')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: mockApi({ variant: 'error', resources: { auth: 'full' } }),
  play: showsText('Error loading endpoint: Internal server error'),
};

export const Rescan: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /^Vulnerabilities/ });
    await userEvent.click(await canvas.findByRole('button', { name: 'Rescan' }));
    await expect(await screen.findByText('Rescan initiated')).toBeVisible();
  },
};

/** Mark as False Positive toggles; Assign Owner picks a user. */
export const QuickActions: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mark as False Positive' }));
    await expect(await screen.findByText('Marked as False Positive')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Undo False Positive' })).toBeVisible();

    await userEvent.click(await canvas.findByRole('button', { name: 'Assign Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Owner' });
    await userEvent.click(await within(dialog).findByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'carol.silva' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await expect(await screen.findByText('carol.silva now owns this endpoint.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByText(/Owner: carol\.silva/)).toBeVisible();
  },
};

/** A viewer keeps Create Ticket; rescan, false positive and owner are not offered, and the page says so. */
export const Viewer: Story = {
  parameters: mockApi({ role: 'viewer' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'Only an analyst or an admin can rescan, assign owners or mark false positives.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create Ticket' })).toBeVisible();
    for (const name of ['Rescan', 'Mark as False Positive', 'Assign Owner']) {
      await expect(canvas.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // The evidence shows; marking single findings is not offered either.
    await expect(canvas.getAllByRole('group', { name: 'Why flagged' }).length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: /^Mark false positive/ })).not.toBeInTheDocument();
  },
};

/** Every finding says why it was flagged: where, the rule that fired, a redacted sample, when. */
export const WhyFlagged: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: /^Vulnerabilities/ });
    // One vulnerability and three PII types, each with its evidence.
    await expect(canvas.getAllByRole('group', { name: 'Why flagged' })).toHaveLength(4);
    await expect(canvas.getByText('phone:libphonenumber')).toBeVisible();
    await expect(canvas.getAllByText('+1 ••• ••• 0132').length).toBeGreaterThan(0);
    await expect(canvas.getByText(/state-change-without-auth/)).toBeVisible();
  },
};

/** One PII type marked false positive with a reason moves to the hidden list; Restore brings it back. */
export const MarkFindingFalsePositive: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mark false positive: phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as False Positive' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'test number of the QA team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));
    await expect(await screen.findByText('Marked as False Positive')).toBeVisible();
    const hidden = await canvas.findByText('Hidden as false positives (1)');
    await expect(
      canvas.queryByRole('button', { name: 'Mark false positive: phone' }),
    ).not.toBeInTheDocument();
    await userEvent.click(hidden);
    await expect(
      await canvas.findByText('Marked false positive by admin: test number of the QA team'),
    ).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Restore phone' }));
    await expect(await screen.findByText('Finding Restored')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Mark false positive: phone' })).toBeVisible();
  },
};

/** At 390 px the evidence (long fields, rules, pointers) wraps inside the page. */
export const Phone: Story = {
  parameters: { ...mockApi(), frameWidth: 390 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByRole('group', { name: 'Why flagged' })).length).toBe(4);
    const frame =
      canvasElement.closest('[data-frame-width]') ?? canvasElement.querySelector('[data-frame-width]');
    await expect(frame?.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** Merge with…: the dialog suggests a template and checks it before sending. */
export const MergeDialog: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge with…' });
    const template = within(dialog).getByLabelText(/^Template/);
    await expect((template as HTMLInputElement).value).toMatch(/\{name\}/);
    await userEvent.clear(template);
    await userEvent.type(template, '/orders/all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await expect(
      await within(dialog).findByText('Name at least one parameter, such as {name}'),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

function fixturesWithMerges() {
  const db = makeFixtures(36);
  const endpoint = db.endpoints.find((e) => e.id === 'ep-1')!;
  endpoint.normalizedPath = '/v1/orders/{orderId}/items';
  endpoint.merges = [
    {
      parameter: '{orderId}',
      rule: 'cardinality',
      values: ['10482', '10483', '10517', '10544', '10561'],
      distinct: 212,
      shared: null,
    },
  ];
  endpoint.preflights = 1240;
  return db;
}

/** A path learned from traffic says which values became each parameter, and by which rule; its preflights. */
export const MergeReasons: Story = {
  parameters: mockApi({ db: fixturesWithMerges() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Why These Parameters' })).toBeVisible();
    await expect(
      canvas.getByText(/merged 212 distinct values: many values of one shape under one parent/),
    ).toBeVisible();
    await expect(canvas.getByText('10482, 10483, 10517, 10544, 10561, … (212 in all)')).toBeVisible();
    // CORS preflights are counted on the endpoint they precede.
    await expect(canvas.getByText('CORS Preflights')).toBeVisible();
    await expect(canvas.getByText('1,240')).toBeVisible();
  },
};

function fixturesWithTraces() {
  const db = makeFixtures(36);
  const endpoint = db.endpoints.find((e) => e.id === 'ep-1')!;
  endpoint.method = 'PUT';
  endpoint.normalizedPath = '/v1/orders/{orderId}';
  endpoint.tracedRoute = true;
  endpoint.bolaCandidates = [
    {
      object: { '{orderId}': '2' },
      owner: 'alice',
      other: 'bob',
      first: { method: 'GET', path: '/v1/orders/2', at: 1_733_561_000_000 },
      then: { method: 'PUT', path: '/v1/orders/2', at: 1_733_561_060_000 },
    },
  ];
  return db;
}

/** A route a trace declared, confirmed by discovery; an order one principal changed after another read it. */
export const TracesAndPrincipals: Story = {
  parameters: mockApi({ db: fixturesWithTraces() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Route confirmed by traces')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'BOLA Candidates' })).toBeVisible();
    await expect(canvas.getByText('PUT /v1/orders/2')).toBeVisible();
    await expect(canvas.getByText('{orderId} = 2')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Test With Two Identities' })).toBeVisible();
  },
};
