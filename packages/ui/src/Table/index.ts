export {
  Table,
  TableSkeletonRows,
  TablePagination,
  type TableColumn,
  type TableProps,
  type SkeletonRowsProps,
  type TablePaginationProps,
  type ColumnAlign,
} from './Table.js';
