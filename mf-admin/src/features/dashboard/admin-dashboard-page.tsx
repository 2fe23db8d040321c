import { type TabItem, TabPanel, Tabs, useAppDispatch } from '@store/shared';
import { useEffect, useId, useState } from 'react';
import { AnalyticsPanel } from '../analytics/analytics-panel';
import { CreateProductForm } from '../create-product/create-product-form';
import { ProductsTable } from '../products/products-table';
import { fetchProducts } from '../products/products-slice';
import styles from './admin-dashboard.module.css';

type DashboardTab = 'create' | 'products' | 'analytics';

const TABS: readonly TabItem<DashboardTab>[] = [
  { id: 'create', label: 'Create Product' },
  { id: 'products', label: 'Products' },
  { id: 'analytics', label: 'Analytics' },
];

export function AdminDashboardPage() {
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const [tab, setTab] = useState<DashboardTab>('create');

  useEffect(() => {
    void dispatch(fetchProducts());
  }, [dispatch]);

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
      <TabPanel idPrefix={idPrefix} id="products" active={tab === 'products'}>
        <ProductsTable />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="analytics" active={tab === 'analytics'}>
        <AnalyticsPanel />
      </TabPanel>
    </section>
  );
}
