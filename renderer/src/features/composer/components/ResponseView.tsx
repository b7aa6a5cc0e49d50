import type { ExchangeView } from '../../../../../main/api/contract';
import { CopyAsCode } from '../../../components/CopyAsCode';
import { HeaderList } from '../../../components/HeaderList';
import { formatMs, prettyJson, statusClassOf } from '../../../lib/format';
import { isFollowable, linksOf, tppMessagesOf } from '../../../lib/links';
import { JsonViewer } from './JsonViewer';

interface ResponseViewProps {
  exchange: ExchangeView;
  /** The response this one was followed from: its links stay offered under this one's. */
  followedFrom?: ExchangeView;
  busy: boolean;
  onFollow(relation: string, from?: ExchangeView): void;
  onOpenSca(href: string): void;
}

function signatureText(result: ExchangeView['responseSignature']): string {
  switch (result.status) {
    case 'absent':
      return 'not signed by the bank';
    case 'valid':
      return `valid, signed by the bank's trusted certificate ${result.signer} (keyId ${result.keyId})`;
    case 'untrusted':
      return `not trusted: ${result.reason}`;
    case 'invalid':
      return `INVALID: ${result.reason}`;
    case 'unverifiable':
      return `not verifiable: ${result.reason}`;
  }
}

/** Status, timings, response signature, tppMessages, `_links` to follow, headers, body. */
export function ResponseView({
  exchange,
  followedFrom,
  busy,
  onFollow,
  onOpenSca,
}: ResponseViewProps) {
  const response = exchange.response;
  const json = response?.json;
  const messages = tppMessagesOf(json);
  const links = linksOf(json);
  const sourceLinks = followedFrom
    ? linksOf(followedFrom.response?.json).filter((link) => isFollowable(link))
    : [];
  return (
    <section className="response" aria-labelledby="response-title" data-testid="response">
      <h2 id="response-title">Response</h2>
      {!response ? (
        <p role="alert" className="notice notice-error" data-testid="response-error">
          No response: {exchange.error}
        </p>
      ) : (
        <>
          <p className="response-summary">
            <span
              className={`status status-${statusClassOf(response.status)}`}
              data-testid="response-status"
            >
              {response.status}
            </span>
            <span className="muted">
              {formatMs(exchange.timings.totalMs)} (headers after{' '}
              {formatMs(exchange.timings.headersMs)})
            </span>
            <span
              className={exchange.responseSignature.status === 'invalid' ? 'error' : 'muted'}
              data-testid="response-signature"
            >
              Response signature: {signatureText(exchange.responseSignature)}
            </span>
          </p>
          {messages.length > 0 && (
            <ul className="tpp-messages" data-testid="tpp-messages" aria-label="tppMessages">
              {messages.map((m, index) => (
                <li key={index} className={`tpp-message tpp-${m.category.toLowerCase()}`}>
                  <strong>{m.code}</strong>
                  {m.path && <code> {m.path}</code>}
                  {m.text && <span> — {m.text}</span>}
                </li>
              ))}
            </ul>
          )}
          {links.length > 0 && (
            <div className="links" data-testid="response-links" aria-label="_links">
              {links.map((link) =>
                link.relation === 'scaRedirect' ? (
                  <button
                    key={link.relation}
                    type="button"
                    className="primary"
                    data-testid="open-sca"
                    onClick={() => onOpenSca(link.href)}
                  >
                    Open SCA (scaRedirect)
                  </button>
                ) : (
                  <button
                    key={link.relation}
                    type="button"
                    data-testid={`follow-${link.relation}`}
                    disabled={busy || !isFollowable(link)}
                    title={link.href}
                    onClick={() => onFollow(link.relation)}
                  >
                    {link.relation} →
                  </button>
                ),
              )}
            </div>
          )}
          {followedFrom && sourceLinks.length > 0 && (
            <div
              className="links"
              data-testid="source-links"
              aria-label="Links of the request before"
            >
              <span className="muted">
                From {followedFrom.request.method} {new URL(followedFrom.request.url).pathname}:
              </span>
              {sourceLinks.map((link) => (
                <button
                  key={link.relation}
                  type="button"
                  data-testid={`source-follow-${link.relation}`}
                  disabled={busy}
                  title={link.href}
                  onClick={() => onFollow(link.relation, followedFrom)}
                >
                  {link.relation} →
                </button>
              ))}
            </div>
          )}
          <details>
            <summary>Response headers</summary>
            <HeaderList headers={response.headers} testId="response-headers" />
          </details>
          <JsonViewer
            json={json}
            text={response.body}
            onLink={(relation, href) => {
              if (relation === 'scaRedirect') onOpenSca(href);
              else if (links.some((l) => l.relation === relation && isFollowable(l)))
                onFollow(relation);
            }}
          />
          {response.truncated && <p className="warn">The body was cut at the size limit.</p>}
        </>
      )}
      <div className="actions">
        <CopyAsCode request={exchange.request} testId="copy-curl" />
      </div>
      <details>
        <summary>Request as sent</summary>
        <p>
          <code data-testid="sent-request-line">
            {exchange.request.method} {exchange.request.url}
          </code>
        </p>
        <HeaderList headers={exchange.request.headers} badge={(n) => exchange.headerSources[n]} />
        {exchange.request.body && <pre>{prettyJson(exchange.request.body)}</pre>}
        <pre className="curl" data-testid="response-curl">
          {exchange.curl}
        </pre>
      </details>
    </section>
  );
}
