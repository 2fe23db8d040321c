import {
  Component,
  Suspense,
  lazy,
  useCallback,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Spinner } from '../ui/spinner';
import styles from './remote-boundary.module.css';

interface BoundaryProps {
  onRetry: () => void;
  label: string;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Remote "${this.props.label}" failed`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className={styles.panel} role="alert" data-testid="remote-fallback">
        <h2 className={styles.title}>This part of the store is unavailable</h2>
        <p>We could not load the {this.props.label} section. The rest of the store still works.</p>
        <button type="button" className={styles.retry} onClick={this.props.onRetry}>
          Retry
        </button>
      </section>
    );
  }
}

interface RemoteBoundaryProps {
  /** Resolves to the component to render; called again on every Retry. */
  load: () => Promise<ComponentType>;
  label: string;
}

/**
 * React.lazy caches a failed import forever, so each Retry builds a new lazy component and a
 * new boundary (by key) to try the network again.
 */
export function RemoteBoundary({ load, label }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const LazyRemote = useMemo(
    () => lazy(async () => ({ default: await load() })),
    // A new attempt must create a new lazy component even though `load` is unchanged.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load, attempt],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry} label={label}>
      <Suspense fallback={<Spinner label={`Loading ${label}...`} />}>
        <LazyRemote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
