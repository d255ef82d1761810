import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { makeFixtures, makeSampleDomain } from '@argus/api/mocks';
import { emptyStory, errorStory, mockApi, pageParameters, withPage } from '../../stories/pageStory.js';
import DomainsPage from './DomainsPage.js';

const meta = {
  title: 'Pages/Domains',
  component: DomainsPage,
  decorators: [withPage('/domains')],
  parameters: { ...pageParameters, ...mockApi() },
} satisfies Meta<typeof DomainsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Domain Overview (6)' })).toBeVisible();
    await expect(canvas.getByLabelText('Total Domains')).toHaveTextContent('6');
    await expect(canvas.getByLabelText('Total Endpoints')).toHaveTextContent('36');
  },
};

export const Loading: Story = { parameters: mockApi({ variant: 'loading', resources: { auth: 'full' } }) };

export const Empty: Story = emptyStory('No domains discovered yet. Run a scan to discover domains.');

/** The page's calls fail; the session answers (no screen shows without one). */
export const Error: Story = {
  ...errorStory('Error loading domains: Internal server error'),
  parameters: mockApi({ variant: 'error', resources: { auth: 'full' } }),
};

export const Search: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Domain Overview (6)' });
    const search = canvas.getByRole('searchbox', { name: 'Search domains...' });
    await userEvent.type(search, 'GLOBEX');
    await expect(canvas.getByRole('heading', { name: 'Domain Overview (1)' })).toBeVisible();
    await userEvent.type(search, 'zzz');
    await expect(canvas.getByText('No domains match your search.')).toBeVisible();
  },
};

/** The hostname rule and its message, then a successful add. */
export const AddDomain: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Domain' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Domain for Testing' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Domain' }));
    await expect(await dialog.findByText('Domain name is required')).toBeVisible();
    const name = dialog.getByLabelText(/Domain Name/);
    await userEvent.type(name, 'not a domain!');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Domain' }));
    await expect(
      await dialog.findByText('Please enter a valid domain name (e.g., api.example.com)'),
    ).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, 'https://api.newco.io/');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Domain' }));
    await expect(
      await screen.findByText('Domain has been added successfully. You can now scan it for endpoints.'),
    ).toBeVisible();
    await expect(await canvas.findByText('api.newco.io')).toBeVisible();
  },
};

/** Scan: a domain with sources reports what it found; one without answers with the server's message. */
export const Scan: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Scan api.acme-payments.com' }));
    await expect(await screen.findByText('Discovered 3 new endpoints.')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Scan partners.globex.io' }));
    await expect(await screen.findByText('Scan Failed')).toBeVisible();
    await expect(await screen.findByText(/configure discovery sources first/)).toBeVisible();
  },
};

/** Manage: the sources of a domain, delete, and the access-log form with its validation and line count. */
export const DiscoverySources: Story = {
  parameters: { ...mockApi(), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage api.acme-payments.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'api.acme-payments.com' }));
    await expect(await dialog.findByRole('tab', { name: 'Sources (3)' })).toBeVisible();
    await expect(dialog.getByText('KONG')).toBeVisible();
    await expect(dialog.getByText('Inactive')).toBeVisible();
    // A log read with rejected lines says how many, and shows some with their line numbers.
    await expect(dialog.getByText('51 rejected lines of 10,000')).toBeVisible();
    const rejected = within(dialog.getByRole('list', { name: 'Rejected lines of Edge nginx logs' }));
    await expect(rejected.getByText('Line 8,211: not an nginx combined log line')).toBeVisible();
  },
};

export const DeleteSource: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage api.acme-payments.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'api.acme-payments.com' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Delete source Kong production' }));
    await expect(await screen.findByText('Discovery source has been removed.')).toBeVisible();
    await expect(await dialog.findByRole('tab', { name: 'Sources (2)' })).toBeVisible();
  },
};

export const AddAccessLogSource: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage partners.globex.io' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'partners.globex.io' }));
    await expect(await dialog.findByText('No discovery sources configured yet.')).toBeVisible();
    await userEvent.click(dialog.getByRole('tab', { name: 'Access Logs' }));
    const form = within(dialog.getByRole('form', { name: 'Add access log source' }));
    await userEvent.click(form.getByRole('button', { name: 'Add Source' }));
    await expect(await form.findByText('Name is required')).toBeVisible();
    await expect(form.getByText('Log file content is required')).toBeVisible();
    await userEvent.type(form.getByLabelText(/Source Name/), 'Edge logs');
    const log = new File(
      [
        '203.0.113.7 - - [01/Jun/2025:11:58:01 +0000] "GET /api/v1/users/42 HTTP/1.1" 200 512\n' +
          '203.0.113.9 - - [01/Jun/2025:11:58:02 +0000] "POST /api/v1/orders HTTP/1.1" 201 88\n',
      ],
      'edge-nginx-access.log',
      { type: 'text/plain' },
    );
    await userEvent.upload(form.getByLabelText('Upload log file'), log);
    await expect(await form.findByText('2 lines')).toBeVisible();
    // The format was left alone, so the file's name picks it.
    await expect(form.getByRole('combobox', { name: /Log Format/ })).toHaveTextContent('Nginx');
    await userEvent.click(form.getByRole('button', { name: 'Add Source' }));
    await expect(await screen.findByText('Discovery source has been configured successfully.')).toBeVisible();
    await expect(await dialog.findByRole('tab', { name: 'Sources (1)', selected: true })).toBeVisible();
    await expect(dialog.getByText('Edge logs')).toBeVisible();
  },
};

export const GatewayValidation: Story = {
  parameters: { ...mockApi(), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage partners.globex.io' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'partners.globex.io' }));
    await userEvent.click(dialog.getByRole('tab', { name: 'API Gateway' }));
    const form = within(dialog.getByRole('form', { name: 'Add API gateway source' }));
    await userEvent.type(form.getByLabelText(/Gateway URL/), 'not a url');
    await userEvent.click(form.getByRole('button', { name: 'Add Source' }));
    await expect(await form.findByText('Must be a valid URL')).toBeVisible();
    await expect(form.getByText('API key is required')).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(dialog.getByRole('tab', { name: 'Sources (0)' })).toHaveAttribute('aria-selected', 'true'),
    );
  },
};

function fixturesWithSample() {
  const db = makeFixtures(36);
  db.domains.push(makeSampleDomain());
  return db;
}

/** Run Scan's sample domain: badged, explained, counted in no tile. */
export const SampleDomain: Story = {
  parameters: mockApi({ db: fixturesWithSample() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Domain Overview (7)' })).toBeVisible();
    const row = canvas.getByRole('row', { name: /sample\.argus\.example/ });
    await expect(within(row).getByText('Sample')).toBeVisible();
    await expect(
      within(row).getByRole('button', { name: 'Remove sample domain sample.argus.example' }),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Total Domains')).toHaveTextContent('6');
    await expect(canvas.getByLabelText('Total Endpoints')).toHaveTextContent('36');
  },
};

/** One click removes the sample domain; the button and the toast say its false-positive marks go too. */
export const RemoveSampleDomain: Story = {
  parameters: { ...mockApi({ db: fixturesWithSample() }), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const remove = await canvas.findByRole('button', { name: 'Remove sample domain sample.argus.example' });
    await expect(remove).toHaveAccessibleDescription(
      'Deletes its endpoints with their findings and false-positive marks, and its traffic. A new Run Scan brings the endpoints back, not the marks.',
    );
    await userEvent.click(remove);
    await expect(await screen.findByText('Sample Domain Removed')).toBeVisible();
    await expect(
      screen.getByText(
        "Run Scan's sample endpoints, their false-positive marks and traffic have been removed.",
      ),
    ).toBeVisible();
    await waitFor(() => expect(canvas.queryByText('sample.argus.example')).toBeNull());
    await expect(canvas.getByRole('heading', { name: 'Domain Overview (6)' })).toBeVisible();
  },
};

/** OpenTelemetry: where to send traces, the token's setting (never its value), spans received, agreement. */
export const OpenTelemetry: Story = {
  parameters: {
    ...mockApi({
      traces: {
        agreement: {
          routes: 4,
          confirmed: 2,
          overMerged: 1,
          underMerged: 1,
          differs: 0,
          byRoute: [
            {
              method: 'GET',
              route: '/v1/orders/{orderId}',
              verdict: 'confirmed',
              learned: ['/v1/orders/{orderId}'],
              joinedWith: [],
              example: null,
            },
            {
              method: 'GET',
              route: '/v1/users/{userId}',
              verdict: 'over-merged',
              learned: ['/v1/{resource}/{id}'],
              joinedWith: ['/v1/teams/{teamId}'],
              example: '/v1/users/42',
            },
            {
              method: 'GET',
              route: '/v1/pages/{slug}',
              verdict: 'under-merged',
              learned: ['/v1/pages/about', '/v1/pages/pricing'],
              joinedWith: [],
              example: '/v1/pages/about',
            },
          ],
        },
      },
    }),
    screenshot: 'viewport',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Manage api.acme-payments.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'api.acme-payments.com' }));
    await userEvent.click(await dialog.findByRole('tab', { name: 'OpenTelemetry' }));
    await expect(await dialog.findByText('https://argus.example.com/v1/traces')).toBeVisible();
    await expect(dialog.getByText(/The server's ARGUS_INGEST_TOKEN/)).toBeVisible();
    const received = within(dialog.getByRole('region', { name: 'Spans received' }));
    await expect(received.getByText('18,420')).toBeVisible();
    await expect(received.getByText('5,310')).toBeVisible();
    await expect(received.getByText('8,215')).toBeVisible();
    const agreement = within(dialog.getByRole('region', { name: 'Templating agreement' }));
    await expect(
      await agreement.findByText(/2 of 4 traced routes agree with discovery; 1 over-merged, 1 under-merged/),
    ).toBeVisible();
    const off = within(agreement.getByRole('list', { name: 'Routes discovery reads differently' }));
    await expect(off.getAllByRole('listitem')).toHaveLength(2);
    await expect(off.getByText('/v1/{resource}/{id}')).toBeVisible();
  },
};

/** A viewer sees domains and their sources, without Add Domain, Scan, Remove or source changes. */
export const Viewer: Story = {
  parameters: { ...mockApi({ role: 'viewer', db: fixturesWithSample() }), screenshot: 'viewport' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Only an admin can add domains.')).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Domain Overview (7)' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add Domain' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Scan / })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Remove sample domain / })).not.toBeInTheDocument();
    await userEvent.click(await canvas.findByRole('button', { name: 'Sources of api.acme-payments.com' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'api.acme-payments.com' }));
    await expect(dialog.getByText('Only an admin can add or remove discovery sources.')).toBeVisible();
    await expect(await dialog.findByText('KONG')).toBeVisible();
    await expect(dialog.queryByRole('tab')).not.toBeInTheDocument();
    await expect(dialog.queryByRole('button', { name: /^Delete source / })).not.toBeInTheDocument();
    // The OpenTelemetry source says where to send traces; the token is an admin's to give.
    await userEvent.click(dialog.getByText('OpenTelemetry', { selector: 'summary' }));
    await expect(await dialog.findByText('Ask an admin for the ingest token.')).toBeVisible();
    await expect(dialog.queryByText(/ARGUS_INGEST_TOKEN/)).not.toBeInTheDocument();
  },
};

/** An analyst scans domains and removes the sample domain; adding domains and sources stays with admins. */
export const Analyst: Story = {
  // The viewer's screen plus Scan and Remove.
  parameters: { ...mockApi({ role: 'analyst', db: fixturesWithSample() }), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Scan api.acme-payments.com' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Remove sample domain sample.argus.example' }),
    ).toBeVisible();
    await expect(canvas.getByText('Only an admin can add domains.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add Domain' })).not.toBeInTheDocument();
  },
};

function fixturesWithAttackTraffic() {
  const db = makeFixtures(36);
  db.domains[0]!.traffic = {
    attack: {
      requests: 261,
      byKind: { unanswered: 180, dotfile: 41, 'php-probe': 25, wordpress: 15 },
      byClient: [
        { client: '203.0.113.9', count: 190 },
        { client: '198.51.100.23', count: 71 },
      ],
      firstSeen: '2025-05-30T08:12:00.000Z',
      lastSeen: '2025-06-01T11:40:00.000Z',
      topPaths: [
        { path: '/.env', count: 29 },
        { path: '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php', count: 25 },
        { path: '/.git/config', count: 12 },
        { path: '/wp-login.php', count: 15 },
      ],
    },
    staticRequests: 44,
    browserRequests: 9,
    preflights: 12,
    preflightsByPath: [{ path: '/v1/orders/{orderId}', count: 12 }],
  };
  return db;
}

/** Reconnaissance a domain received: a count on its row, the details in a dialog. */
export const AttackTrafficDetails: Story = {
  parameters: { ...mockApi({ db: fixturesWithAttackTraffic() }), screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /261 scanner requests/ }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Attack traffic on / }));
    await expect(dialog.getByText('Paths that only ever failed')).toBeVisible();
    await expect(dialog.getByText('/.env')).toBeVisible();
    await expect(dialog.getByText('203.0.113.9')).toBeVisible();
    await expect(dialog.getByText(/44 static assets, 9 browser requests, 12 CORS preflights/)).toBeVisible();
  },
};
