import { type TabItem, TabPanel, Tabs } from '@store/shared';
import { useId, useState } from 'react';
import { AnalyticsPanel } from '../analytics/analytics-panel';
import { CreateProductForm } from '../create-product/create-product-form';
import { ProductsTable } from '../products/products-table';
import styles from './admin-dashboard.module.css';

type DashboardTab = 'create' | 'products' | 'analytics';

const TABS: readonly TabItem<DashboardTab>[] = [
  { id: 'create', label: 'Create Product' },
  { id: 'products', label: 'Products' },
  { id: 'analytics', label: 'Analytics' },
];

export function AdminDashboardPage() {
  const idPrefix = useId();
  const [tab, setTab] = useState<DashboardTab>('create');

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Admin Dashboard</h1>
      <Tabs
        label="Admin Dashboard"
        idPrefix={idPrefix}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel idPrefix={idPrefix} id="create" active={tab === 'create'} keepMounted>
        <CreateProductForm />
      </TabPanel>
      {/* Not kept mounted: each opening loads its page again, with what was created since. */}
      <TabPanel idPrefix={idPrefix} id="products" active={tab === 'products'}>
        <ProductsTable />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="analytics" active={tab === 'analytics'}>
        <AnalyticsPanel />
      </TabPanel>
    </section>
  );
}
