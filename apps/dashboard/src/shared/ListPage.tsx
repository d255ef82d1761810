import {
  Card,
  ErrorState,
  IconButton,
  SearchInput,
  Table,
  VisuallyHidden,
  type SelectOption,
  type TableColumn,
} from '@argus/ui';
import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../shell/PageHeader.js';
import { FilterSelect, SummaryTiles, TableMessage, Toolbar } from './layout.js';
import { Pager } from './Pager.js';
import { loadErrorText, matchesSearch } from './text.js';
import { usePaging } from './usePaging.js';

/** The filter value that keeps every row. */
export const ALL = 'all';

export interface ListPageProps<T> {
  title: string;
  subtitle: string;
  onRefresh: () => void;
  refreshLabel: string;
  /** The four summary tiles (skeletons take their place while the list loads). */
  tiles: ReactNode;
  /** Every row loaded; the page searches, filters and pages them on the client. */
  rows: readonly T[];
  loading: boolean;
  error: unknown;
  search: {
    placeholder: string;
    /** The texts the search box looks in. */
    texts: (row: T) => (string | null | undefined)[];
  };
  filter: {
    label: string;
    /** The first option is "everything" and has the value `ALL`. */
    options: readonly SelectOption[];
    keeps: (row: T, value: string) => boolean;
  };
  /** Card title and table caption. */
  tableTitle: string;
  columns: readonly TableColumn<T>[];
  getRowId: (row: T) => string;
  /** The View button at the end of each row opens this endpoint (disabled without one). */
  view: {
    label: (row: T) => string;
    endpointId: (row: T) => string | null | undefined;
  };
  /** What did not load, as in "Error loading {what}: …". */
  errorSubject: string;
  /** The table's message when nothing is loaded, and when the filters keep nothing. */
  emptyText: string;
  noMatchText: string;
  /** What the pager counts, e.g. "endpoints". */
  noun: string;
}

/**
 * A list screen loaded whole: top bar, summary tiles, a search box and one filter
 * dropdown, then the rows in a card, paged on the client, each with a View button
 * to its endpoint.
 */
export function ListPage<T>({
  title,
  subtitle,
  onRefresh,
  refreshLabel,
  tiles,
  rows: all,
  loading,
  error,
  search: { placeholder, texts },
  filter: { label, options, keeps },
  tableTitle,
  columns,
  getRowId,
  view,
  errorSubject,
  emptyText,
  noMatchText,
  noun,
}: ListPageProps<T>) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState(ALL);
  const rows = all.filter(
    (row) => (filter === ALL || keeps(row, filter)) && matchesSearch(search, ...texts(row)),
  );
  const paging = usePaging(rows);
  const filtering = search.trim() !== '' || filter !== ALL;

  const viewColumn: TableColumn<T> = {
    key: 'view',
    header: <VisuallyHidden>View</VisuallyHidden>,
    align: 'right',
    cell: (row) => {
      const id = view.endpointId(row);
      return (
        <IconButton
          size="sm"
          label={view.label(row)}
          disabled={!id}
          onClick={() => id && navigate(`/endpoints/${encodeURIComponent(id)}`)}
        >
          <Eye size={14} aria-hidden="true" />
        </IconButton>
      );
    },
  };

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} onRefresh={onRefresh} refreshLabel={refreshLabel} />
      <SummaryTiles loading={loading}>{tiles}</SummaryTiles>
      <Toolbar>
        <SearchInput placeholder={placeholder} value={search} onValueChange={setSearch} />
        <FilterSelect label={label} value={filter} onValueChange={setFilter} options={options} />
      </Toolbar>
      <Card title={tableTitle} flush>
        <Table
          caption={tableTitle}
          columns={[...columns, viewColumn]}
          rows={paging.pageRows}
          getRowId={getRowId}
          loading={loading}
          error={error ? <ErrorState title={loadErrorText(errorSubject, error)} /> : undefined}
          empty={<TableMessage>{filtering && all.length > 0 ? noMatchText : emptyText}</TableMessage>}
          footer={<Pager {...paging} onPageChange={paging.setPage} noun={noun} />}
        />
      </Card>
    </>
  );
}
