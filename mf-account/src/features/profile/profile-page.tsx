import { TabPanel, Tabs, type TabItem } from '@store/shared';
import { useId, useState } from 'react';
import { ChangePasswordForm } from './change-password-form';
import { ProfileInfo } from './profile-info';
import styles from './profile.module.css';

type ProfileTab = 'info' | 'security';

const TABS: readonly TabItem<ProfileTab>[] = [
  { id: 'info', label: 'Profile Info' },
  { id: 'security', label: 'Security' },
];

export function ProfilePage() {
  const idPrefix = useId();
  const [tab, setTab] = useState<ProfileTab>('info');

  return (
    <section className={styles.page}>
      <h1>Account Settings</h1>
      <Tabs
        label="Account Settings"
        idPrefix={idPrefix}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel idPrefix={idPrefix} id="info" active={tab === 'info'}>
        <ProfileInfo />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="security" active={tab === 'security'}>
        <ChangePasswordForm />
      </TabPanel>
    </section>
  );
}
