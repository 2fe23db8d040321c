import type { ReactNode } from 'react';
import styles from './static-page.module.css';

interface StaticPageProps {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}

/** The shared frame of the static pages: a hero heading and a readable content column. */
export function StaticPage({ title, intro, updated, children }: StaticPageProps) {
  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {updated && <p className={styles.updated}>Last updated: {updated}</p>}
      </header>
      <div className={styles.content}>{children}</div>
    </article>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}
