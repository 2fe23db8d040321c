import type { Product } from '@store/contract';
import { type TabItem, TabPanel, Tabs } from '@store/shared';
import { useDeferredValue, useId, useState } from 'react';
import { AnalyticsPanel } from '../features/analytics/analytics-panel';
import { DiscountsPanel } from '../features/discounts/discounts-panel';
import { LicensesPanel } from '../features/licenses/licenses-panel';
import { OrdersPanel } from '../features/orders/orders-panel';
import { CreateProductForm } from '../features/product-form/create-product-form';
import { EditProductDialog } from '../features/product-form/edit-product-dialog';
import { ProductsTable } from '../features/products/products-table';
import { ReviewsPanel } from '../features/reviews/reviews-panel';
import styles from './admin-dashboard.module.css';

type DashboardTab =
  'create' | 'products' | 'analytics' | 'orders' | 'discounts' | 'licenses' | 'reviews';

const TABS: readonly TabItem<DashboardTab>[] = [
  { id: 'create', label: 'Create Product' },
  { id: 'products', label: 'Products' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'orders', label: 'Orders' },
  { id: 'discounts', label: 'Discounts' },
  { id: 'licenses', label: 'Licenses' },
  { id: 'reviews', label: 'Reviews' },
];

export function AdminDashboardPage() {
  const idPrefix = useId();
  const [tab, setTab] = useState<DashboardTab>('create');
  // The tab strip answers the click in the next frame; the panel (a table or the charts to
  // mount) follows in a render React may interrupt, instead of holding that frame back.
  const shownTab = useDeferredValue(tab);
  // The product whose Edit was pressed: the product form opens over the table, in a dialog.
  const [editing, setEditing] = useState<Product | null>(null);

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
      <TabPanel idPrefix={idPrefix} id="create" active={shownTab === 'create'} keepMounted>
        <CreateProductForm />
      </TabPanel>
      {/* Not kept mounted: each opening loads its page again, with what was created since. */}
      <TabPanel idPrefix={idPrefix} id="products" active={shownTab === 'products'}>
        <ProductsTable onEdit={setEditing} />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="analytics" active={shownTab === 'analytics'}>
        <AnalyticsPanel />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="orders" active={shownTab === 'orders'}>
        <OrdersPanel />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="discounts" active={shownTab === 'discounts'}>
        <DiscountsPanel />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="licenses" active={shownTab === 'licenses'}>
        <LicensesPanel />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="reviews" active={shownTab === 'reviews'}>
        <ReviewsPanel />
      </TabPanel>
      {editing && <EditProductDialog product={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
