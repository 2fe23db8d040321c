import { TabPanel, Tabs, type TabItem } from '@store/shared';
import { useId, useState } from 'react';
import { MyDownloads } from '../features/downloads/my-downloads';
import { OrderHistory } from '../features/orders/order-history';
import styles from './orders-page.module.css';

type OrdersTab = 'history' | 'downloads';

const TABS: readonly TabItem<OrdersTab>[] = [
  { id: 'history', label: 'Order History' },
  { id: 'downloads', label: 'My Downloads' },
];

export function OrdersPage() {
  const idPrefix = useId();
  const [tab, setTab] = useState<OrdersTab>('history');

  return (
    <section className={styles.page}>
      <h1>My Account</h1>
      <Tabs label="My Account" idPrefix={idPrefix} tabs={TABS} selected={tab} onSelect={setTab} />
      <TabPanel idPrefix={idPrefix} id="history" active={tab === 'history'}>
        <OrderHistory />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="downloads" active={tab === 'downloads'}>
        <MyDownloads />
      </TabPanel>
    </section>
  );
}
