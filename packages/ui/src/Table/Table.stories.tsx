import type { Meta, StoryObj } from '@storybook/react-vite';
import { Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmptyState } from '../EmptyState/EmptyState.js';
import { ErrorState } from '../ErrorState/ErrorState.js';
import { IconButton } from '../IconButton/IconButton.js';
import { MethodBadge } from '../MethodBadge/MethodBadge.js';
import { PiiChips } from '../PiiChips/PiiChips.js';
import { RelativeTime } from '../RelativeTime/RelativeTime.js';
import { RiskScoreBar } from '../RiskScoreBar/RiskScoreBar.js';
import { Table, type TableColumn, type TableProps } from './Table.js';

interface EndpointRow {
  id: string;
  method: string;
  normalizedPath: string;
  domain: string;
  riskScore: number;
  piiTypes: string[];
  lastSeen: string;
}

const rows: EndpointRow[] = [
  {
    id: 'ep-1',
    method: 'POST',
    normalizedPath: '/api/v1/payments',
    domain: 'payments.acme.com',
    riskScore: 92,
    piiTypes: ['credit_card', 'email', 'phone'],
    lastSeen: '2025-06-01T11:55:00Z',
  },
  {
    id: 'ep-2',
    method: 'GET',
    normalizedPath: '/api/v1/users/{id}',
    domain: 'api.acme.com',
    riskScore: 74,
    piiTypes: ['email', 'ssn'],
    lastSeen: '2025-06-01T09:00:00Z',
  },
  {
    id: 'ep-3',
    method: 'DELETE',
    normalizedPath: '/api/v1/sessions/{id}',
    domain: 'api.acme.com',
    riskScore: 55,
    piiTypes: [],
    lastSeen: '2025-05-29T12:00:00Z',
  },
  {
    id: 'ep-4',
    method: 'PATCH',
    normalizedPath: '/api/v1/profile',
    domain: 'api.acme.com',
    riskScore: 33,
    piiTypes: ['national_id'],
    lastSeen: '2025-06-01T11:20:00Z',
  },
  {
    id: 'ep-5',
    method: 'PUT',
    normalizedPath: '/api/v1/settings',
    domain: 'admin.acme.com',
    riskScore: 12,
    piiTypes: [],
    lastSeen: '2025-05-31T12:00:00Z',
  },
];

const onView = fn();

const columns: TableColumn<EndpointRow>[] = [
  {
    key: 'endpoint',
    header: 'Endpoint',
    width: '38%',
    cell: (row) => (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <MethodBadge method={row.method} variant="table" />
          <code>{row.normalizedPath}</code>
        </span>
        <span style={{ color: 'var(--color-fg-muted)', fontSize: 12 }}>{row.domain}</span>
      </div>
    ),
  },
  { key: 'risk', header: 'Risk Score', cell: (row) => <RiskScoreBar score={row.riskScore} /> },
  { key: 'pii', header: 'PII', cell: (row) => <PiiChips types={row.piiTypes} /> },
  { key: 'lastSeen', header: 'Last Seen', cell: (row) => <RelativeTime date={row.lastSeen} /> },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    cell: (row) => (
      <span style={{ display: 'inline-flex', gap: 4 }}>
        <IconButton
          label={`View ${row.method} ${row.normalizedPath}`}
          size="sm"
          onClick={() => onView(row.id)}
        >
          <Eye size={14} aria-hidden="true" />
        </IconButton>
        <IconButton label={`Rescan ${row.method} ${row.normalizedPath}`} size="sm">
          <RefreshCw size={14} aria-hidden="true" />
        </IconButton>
      </span>
    ),
  },
];

const meta = {
  title: 'Data display/Table',
  component: Table,
  parameters: {
    docs: {
      description: {
        component:
          'A data table: columns describe cells, rows are data. Selectable rows with a select-all checkbox (indeterminate when some are selected), `Table.SkeletonRows` while loading (5 rows by default), empty and error rows, and a footer slot for `Table.Pagination`.',
      },
    },
  },
  args: {
    caption: 'Top Risky Endpoints',
    columns,
    rows,
    getRowId: (row: EndpointRow) => row.id,
    footer: <Table.Pagination summary={`Showing 1-${rows.length} of ${rows.length} high-risk endpoints`} />,
  } as TableProps<EndpointRow>,
} satisfies Meta<typeof Table<EndpointRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Top Risky Endpoints' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    await expect(headers).toEqual(['Endpoint', 'Risk Score', 'PII', 'Last Seen', 'Actions']);
    await expect(within(table).getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByText('5 min ago')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'View POST /api/v1/payments' }));
    await expect(onView).toHaveBeenCalledWith('ep-1');
  },
};

/** The dashboard footer: no real paging, Previous and Next disabled, page 1 current. */
export const PaginationFooter: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(nav).toHaveTextContent('Showing 1-5 of 5 high-risk endpoints');
    await expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  },
};

function SelectableTable(props: TableProps<EndpointRow>) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <p aria-live="polite">{selected.length} alert(s) selected</p>
      <Table
        {...props}
        selectable
        selectedIds={selected}
        onSelectionChange={setSelected}
        getRowLabel={(r) => `Select ${r.normalizedPath}`}
      />
    </>
  );
}

/** Row checkboxes and a select-all checkbox that turns indeterminate when some rows are selected. */
export const Selectable: Story = {
  render: (args) => <SelectableTable {...(args as TableProps<EndpointRow>)} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole('checkbox', { name: 'Select all rows' });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select /api/v1/payments' }));
    await expect(canvas.getByText('1 alert(s) selected')).toBeVisible();
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(all);
    await expect(canvas.getByText('5 alert(s) selected')).toBeVisible();
    await expect(all).toBeChecked();
    await userEvent.click(all);
    await expect(canvas.getByText('0 alert(s) selected')).toBeVisible();
  },
};

export const SomeSelected: Story = {
  args: { selectable: true, selectedIds: ['ep-2', 'ep-3'] },
};

/** Loading: `Table.SkeletonRows`, 5 rows by default. */
export const Loading: Story = {
  args: { loading: true, rows: [] },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(table.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(5);
  },
};

export const Empty: Story = {
  args: { rows: [], empty: <EmptyState title="No high-risk endpoints found" />, footer: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No high-risk endpoints found')).toBeVisible();
  },
};

export const Error: Story = {
  args: {
    rows: [],
    error: <ErrorState title="Error loading vulnerabilities: 500: boom" />,
    footer: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Error loading vulnerabilities: 500: boom',
    );
  },
};

/** `Table.SkeletonRows` on its own, inside a hand-built table body. */
export const SkeletonRowsAlone: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => (
    <table style={{ width: '100%' }}>
      <caption style={{ textAlign: 'left' }}>Domains (loading)</caption>
      <tbody>
        <Table.SkeletonRows columns={3} rows={4} />
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('tr[data-skeleton]')).toHaveLength(4);
  },
};

function PagedFooter() {
  const [page, setPage] = useState(1);
  return (
    <Table.Pagination
      summary={`Showing ${(page - 1) * 25 + 1}-${Math.min(page * 25, 1190)} of 1190 alerts`}
      page={page}
      pageCount={48}
      onPageChange={setPage}
    />
  );
}

/** 48 pages: first, last, the current page and its neighbours, ellipses for the rest (at most 7 buttons). */
export const ManyPages: Story = {
  // Renders fixed examples: the component's controls would change nothing.
  parameters: { controls: { disable: true } },
  render: () => <PagedFooter />,
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    const pageNumbers = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent);
    await expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5', '48']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await expect(pageNumbers()).toEqual(['1', '4', '5', '6', '48']);
    await expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 48' }));
    await expect(pageNumbers()).toEqual(['1', '44', '45', '46', '47', '48']);
    await expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(nav).toHaveTextContent('Showing 1176-1190 of 1190 alerts');
  },
};
