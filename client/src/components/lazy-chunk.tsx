import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";

/**
 * A component from its own lazy chunk (the map, the calendars), drawn with `placeholder` while the chunk
 * loads and `failed(retry)` when it could not load (offline): `retry` asks for the chunk again with a
 * fresh lazy component, in place.
 */
export function LazyChunk<P extends object>(props: {
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  placeholder: ReactNode;
  failed: (retry: () => void) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  const [Impl, setImpl] = useState(() => lazy(props.load));
  const retry = () => {
    setImpl(() => lazy(props.load));
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkBoundary key={attempt} fallback={props.failed(retry)}>
      <Suspense fallback={props.placeholder}>
        <Impl {...props.props} />
      </Suspense>
    </ChunkBoundary>
  );
}

class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
