import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { classifyError, normaliseError, reportError } from '../errors';

export interface ErrorFallbackViewProps {
  error: unknown;
  /** What 'Try Again' does; reloading the page when not given. */
  onRetry?: () => void;
}

/**
 * ErrorFallbackView is the error fallback screen of accounts §2.5. It renders
 * no landmark of its own so it can sit inside the shell's <main>.
 */
export function ErrorFallbackView({ error, onRetry }: ErrorFallbackViewProps) {
  const { retryable, userMessage } = classifyError(normaliseError(error).message);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>Oops! Something went wrong</Title>
        <Text>{userMessage}</Text>
        <Group justify="center">
          {retryable && <Button onClick={onRetry ?? (() => window.location.reload())}>Try Again</Button>}
          {/* A plain link: this screen may show where no router is available. */}
          <Button component="a" href="/dashboard" variant="default">
            Go Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

// The router hands over responses (404 for an unmatched path, thrown
// responses from loaders) as well as thrown errors.
function routeErrorToError(error: unknown): unknown {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | undefined;
    const detail = typeof data === 'string' ? data : typeof data?.message === 'string' ? data.message : '';
    return new Error(detail || `${error.status} ${error.statusText}`.trim());
  }
  return error;
}

/** ErrorFallback is the router's errorElement: the fallback screen for the route's error. */
export function ErrorFallback() {
  const error = useRouteError();
  return (
    <main>
      <ErrorFallbackView error={routeErrorToError(error)} />
    </main>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change of this value (e.g. the path) clears a caught error. */
  resetKey?: unknown;
  /** Put the fallback screen in a <main> of its own: the boundary holds a whole page, not a shell's content. */
  landmark?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** ErrorBoundary keeps a failing page inside the shell, showing the fallback screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { componentStack: info.componentStack });
  }

  componentDidUpdate(prev: ErrorBoundaryProps) {
    if (this.state.hasError && prev.resetKey !== this.props.resetKey) {
      this.setState({ error: null, hasError: false });
    }
  }

  private retry = () => this.setState({ error: null, hasError: false });

  render() {
    if (this.state.hasError) {
      const screen = <ErrorFallbackView error={this.state.error} onRetry={this.retry} />;
      return this.props.landmark ? <main>{screen}</main> : screen;
    }
    return this.props.children;
  }
}
