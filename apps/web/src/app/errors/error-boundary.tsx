import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';

interface Props {
  children: ReactNode;
  /** Changing it (the path) clears a caught error, so navigating away recovers. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Catches render errors so one broken page does not blank the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    // Plain markup: the failure may be antd's own chunk failing to load.
    return (
      <div className="error-page" role="alert">
        <h1>{i18n.t('errors.boundary.title')}</h1>
        <p>{i18n.t('errors.boundary.subtitle')}</p>
        <button type="button" className="plain-button" onClick={() => window.location.reload()}>
          {i18n.t('errors.boundary.reload')}
        </button>
      </div>
    );
  }
}
