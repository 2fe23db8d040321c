import { primitives } from '@store/shared';
import { useState } from 'react';
import { GetStartedModal } from './get-started-modal';
import { StaticPage } from './static-page';
import styles from './static-page.module.css';
import { TileGrid } from './tile-grid';

const STATS = [
  { value: '10K+', label: 'Happy Customers' },
  { value: '50K+', label: 'Quality Products' },
  { value: '99%', label: 'Satisfaction Rate' },
  { value: '24/7', label: 'Customer Support' },
];

const VALUES = [
  {
    icon: '★',
    title: 'Quality First',
    text: 'Every asset is reviewed before it is listed, so you only pay for work worth using.',
  },
  {
    icon: '⚡',
    title: 'Instant Access',
    text: 'Downloads are ready the moment your payment clears, and they never expire.',
  },
  {
    icon: '🛡',
    title: 'Secure by Default',
    text: 'Payments run through a certified card provider; we never see your card number.',
  },
  {
    icon: '🤝',
    title: 'Fair to Creators',
    text: 'Independent creators earn from every sale. Seller applications are open to all.',
  },
];

export function AboutPage() {
  const [modalOpen, setModalOpen] = useState(false);

  return (
    <StaticPage
      title="About Us"
      intro="We are a marketplace for premium digital assets: artwork, tools and downloadable files made by independent creators and delivered instantly."
    >
      <section aria-label="Statistics" className={styles.grid}>
        {STATS.map(({ value, label }) => (
          <div key={label} className={`${primitives.card} ${styles.stat}`}>
            <span className={styles.statValue}>{value}</span>
            <span className={styles.statLabel}>{label}</span>
          </div>
        ))}
      </section>
      <section aria-labelledby="our-story" className={styles.section}>
        <h2 id="our-story" className={styles.sectionTitle}>
          Our Story
        </h2>
        <p>
          We started with a simple idea: buying a brush pack, an icon set or a project template
          should be as easy as buying a book. Today creators from around the world sell through us,
          and shoppers get their files the moment they pay, with prices shown in USD and support
          available 24/7.
        </p>
      </section>
      <section aria-labelledby="our-values">
        <h2 id="our-values" className={styles.blockTitle}>
          Our Values
        </h2>
        <TileGrid tiles={VALUES} />
      </section>
      <section className={`${primitives.card} ${styles.callout}`} aria-labelledby="join-us">
        <h2 id="join-us">Ready to join us?</h2>
        <p>Talk to our team about buying for your studio or selling your own creations.</p>
        <button type="button" className={primitives.button} onClick={() => setModalOpen(true)}>
          Get Started
        </button>
      </section>
      {modalOpen && <GetStartedModal onClose={() => setModalOpen(false)} />}
    </StaticPage>
  );
}
