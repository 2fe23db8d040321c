import { Spinner } from '@store/shared';
import styles from './app-layout.module.css';

export function LoadingScreen() {
  return (
    <div className={styles.loadingScreen} data-testid="loading-screen">
      <Spinner label="Loading your store..." />
    </div>
  );
}
