import { BodyEditor } from './BodyEditor';
import { useComposerStore } from './composer-store';

export function Composer() {
  const { body, setBody, parseError } = useComposerStore();
  return (
    <section className="composer">
      <h1>Composer</h1>
      <label className="field-label" htmlFor="request-body">
        Request body (JSON)
      </label>
      <BodyEditor value={body} onChange={setBody} />
      <p data-testid="body-status" className={parseError ? 'error' : 'ok'}>
        {parseError ? `Not valid JSON: ${parseError}` : 'Valid JSON'}
      </p>
    </section>
  );
}
