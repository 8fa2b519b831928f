import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page.tsx';

interface RouteErrorBoundaryProps {
  /** The address shown: a move to another page leaves the error behind. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  pathname: string;
}

/**
 * Shows the error page in place of a page that threw while rendering or whose code failed to load, until
 * the next move. React offers this only as a class (an error boundary); the app needs nothing more of it,
 * so it is these few lines rather than a library on every first visit.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): RouteErrorBoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
