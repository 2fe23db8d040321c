import styles from './home.module.css';

/** The store's fixed copy, not loaded figures. */
const STATS = [
  { value: '10K+', label: 'Happy Customers' },
  { value: '50K+', label: 'Quality Products' },
  { value: '99%', label: 'Satisfaction Rate' },
];

export function StatsStrip() {
  return (
    <section className={styles.stats} aria-label="Store statistics">
      {STATS.map((stat) => (
        <div key={stat.label} className={styles.stat}>
          <strong>{stat.value}</strong>
          <span>{stat.label}</span>
        </div>
      ))}
    </section>
  );
}
