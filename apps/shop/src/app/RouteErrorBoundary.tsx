import { Component, type ReactNode } from 'react'
import { ErrorRetry } from '../shared/ui/ErrorRetry'

type State = { failed: boolean }

/**
 * Catches a page whose code could not load (offline, a new deployment replaced the chunk) and
 * offers to reload, instead of a blank screen. `resetKey` (the path) clears it on navigation.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false })
  }

  override render() {
    if (this.state.failed) return <ErrorRetry onRetry={() => window.location.reload()} />
    return this.props.children
  }
}
