import { primitives, Link } from '@store/shared';
import { useMemo, useState } from 'react';
import { FaqAccordion } from './faq-accordion';
import { FAQ_GROUPS, filterFaqs } from './faq-data';
import styles from './faq-page.module.css';
import { StaticPage } from './static-page';

export function FaqPage() {
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(FAQ_GROUPS[0]?.items[0]?.id ?? null);
  const groups = useMemo(() => filterFaqs(FAQ_GROUPS, query), [query]);

  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id));

  return (
    <StaticPage
      title="Frequently Asked Questions"
      intro="Quick answers about payments, downloads, licences and your account."
    >
      <div className={styles.search}>
        <label htmlFor="faq-search" className={styles.searchLabel}>
          Search FAQs
        </label>
        <input
          id="faq-search"
          type="search"
          className={primitives.input}
          placeholder="Search questions and answers..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div aria-live="polite" className={styles.results}>
        {groups.length === 0 ? (
          <p className={styles.empty}>No FAQs found matching your search.</p>
        ) : (
          groups.map((group) => (
            <section key={group.title} className={styles.group}>
              <h2 className={styles.groupTitle}>{group.title}</h2>
              <FaqAccordion items={group.items} openId={openId} onToggle={toggle} />
            </section>
          ))
        )}
      </div>
      <section className={`${primitives.card} ${styles.more}`}>
        <h2>Still have questions?</h2>
        <p>Our support team is available 24/7.</p>
        <Link to="/support" className={primitives.button}>
          Contact Support
        </Link>
      </section>
    </StaticPage>
  );
}
