import { Component, ReactNode } from 'react';

/** A page that fails to render shows what happened and keeps the navigation, instead of a blank screen. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null; key: string }
> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: Error | null; key: string }) {
    // Moving to another page clears the error.
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="alert error" role="alert">
        This page could not be shown ({this.state.error.message}). Reload the page; if it happens again, tell us what
        you did.
      </div>
    );
  }
}
