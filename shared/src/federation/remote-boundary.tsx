import {
  Component,
  useCallback,
  useEffect,
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
  /** The component when it has already loaded (a page of a remote opened before): no spinner. */
  loaded?: ComponentType;
}

type Outcome = { Page: ComponentType } | { error: unknown };

/**
 * Loads in an effect and reveals the page with a state update, not with React.lazy and
 * Suspense: React holds back a Suspense boundary's content until 300 ms after a fallback was last
 * shown (its fallback throttle), and on a first visit the spinner has just been shown, so the
 * opened page painted up to 300 ms after its code and data had arrived.
 */
function RemoteContent({ load, label, loaded }: RemoteBoundaryProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(loaded ? { Page: loaded } : null);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    load().then(
      (Page) => {
        if (current) setOutcome({ Page });
      },
      (error: unknown) => {
        if (current) setOutcome({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [load, loaded]);

  if (outcome === null) return <Spinner label={`Loading ${label}...`} />;
  // Rendered, so the error boundary around shows the fallback with its Retry.
  if ('error' in outcome) throw outcome.error;
  return <outcome.Page />;
}

/** Each Retry mounts a new boundary and a new load (by key), so the network is tried again. */
export function RemoteBoundary({ load, label, loaded }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry} label={label}>
      <RemoteContent load={load} label={label} loaded={attempt === 0 ? loaded : undefined} />
    </RemoteErrorBoundary>
  );
}
