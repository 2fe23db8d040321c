import type { ReactNode } from 'react';
import { DataTable } from '../../common/data-table';

const COLUMNS = ['Order', 'Customer', 'Date', 'Total', 'Status', 'Items', 'Actions'];

/** The orders' table around its rows, captioned by the search it shows. */
export function OrdersTable({ searched, children }: { searched: string; children: ReactNode }) {
  return (
    <DataTable
      caption={searched ? `Orders matching "${searched}"` : 'All orders, newest first'}
      columns={COLUMNS}
      alignTop
    >
      {children}
    </DataTable>
  );
}
