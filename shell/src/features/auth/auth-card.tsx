import { primitives } from '@store/shared';
import type { ReactNode } from 'react';
import styles from './auth.module.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  icon?: string;
  /** `pending` keeps the icon's place, unseen, for a card whose outcome brings one. */
  tone?: 'success' | 'error' | 'pending';
  children: ReactNode;
}

/** The centred card every auth screen sits in. */
export function AuthCard({ title, subtitle, icon, tone, children }: AuthCardProps) {
  return (
    <section className={styles.page}>
      <div className={`${primitives.card} ${styles.card}`}>
        {icon && (
          <div className={`${styles.icon} ${tone ? styles[tone] : ''}`} aria-hidden="true">
            {icon}
          </div>
        )}
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
