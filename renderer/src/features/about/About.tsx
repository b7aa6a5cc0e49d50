import { useEffect } from 'react';
import { useAboutStore } from './about-store';

export function About() {
  const { info, roundTrip, error, load, ping } = useAboutStore();
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="about">
      <h1>About</h1>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {info && (
        <dl data-testid="app-info">
          <dt>Product</dt>
          <dd data-testid="app-name">{info.name}</dd>
          <dt>Version</dt>
          <dd data-testid="app-version">{info.version}</dd>
          <dt>Host</dt>
          <dd data-testid="app-host">{info.host}</dd>
          <dt>Platform</dt>
          <dd>{info.platform}</dd>
          <dt>Node</dt>
          <dd>{info.versions.node}</dd>
          {info.versions.electron && (
            <>
              <dt>Electron</dt>
              <dd>{info.versions.electron}</dd>
              <dt>Chrome</dt>
              <dd>{info.versions.chrome}</dd>
            </>
          )}
        </dl>
      )}
      <h2>Bridge</h2>
      <button type="button" data-testid="ping" onClick={() => void ping(`ping-${Date.now()}`)}>
        Test the connection to main
      </button>
      {roundTrip && (
        <p data-testid="round-trip">
          Call answered in {roundTrip.callMs.toFixed(1)} ms
          {roundTrip.pong
            ? `; event #${roundTrip.pong.seq} received for “${roundTrip.pong.message}”.`
            : '; waiting for the event…'}
        </p>
      )}
    </section>
  );
}
