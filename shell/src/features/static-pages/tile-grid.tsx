import { primitives } from '@store/shared';
import styles from './static-page.module.css';

export interface Tile {
  icon: string;
  title: string;
  text: string;
}

export function TileGrid({ tiles }: { tiles: readonly Tile[] }) {
  return (
    <div className={styles.grid}>
      {tiles.map(({ icon, title, text }) => (
        <div key={title} className={`${primitives.card} ${styles.tile}`}>
          <span className={styles.tileIcon} aria-hidden="true">
            {icon}
          </span>
          <h3>{title}</h3>
          <p>{text}</p>
        </div>
      ))}
    </div>
  );
}
