import { Component, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import { useLoaded } from '../ui/use-loaded';
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
  /** The component when it has already loaded (a page of a remote opened before): no spinner. */
  loaded?: ComponentType;
  /** Called on Retry first: true when it recovers the page its own way (a reload). */
  retryElsewhere?: () => boolean;
}

/** The remote's code loads outside Suspense (see `useLoaded` for why). */
function RemoteContent({ load, label, loaded }: RemoteBoundaryProps) {
  const outcome = useLoaded(load, loaded);
  if (outcome === null) return <Spinner label={`Loading ${label}...`} />;
  // Rendered, so the error boundary around shows the fallback with its Retry.
  if ('error' in outcome) throw outcome.error;
  return <outcome.value />;
}

/** Each Retry mounts a new boundary and a new load (by key), so the network is tried again. */
export function RemoteBoundary({ load, label, loaded, retryElsewhere }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    if (!retryElsewhere?.()) setAttempt((n) => n + 1);
  }, [retryElsewhere]);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry} label={label}>
      <RemoteContent load={load} label={label} loaded={attempt === 0 ? loaded : undefined} />
    </RemoteErrorBoundary>
  );
}
