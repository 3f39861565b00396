import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './route-error-page';

type BoundaryProps = { children: ReactNode; locationKey: string };
type BoundaryState = { failed: boolean; error: unknown; locationKey: string };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  // A navigation (another page, or the same page with other parameters) renders the page again.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * A render error shows RouteErrorPage in place of what failed (a page inside the shell, or the
 * whole shell), never a blank screen; the next navigation tries again. React's error boundary, as
 * React Router's own errorElement is one only in its data mode (docs/decisions/047-first-load-with-languages.md).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>;
}
