import { useId, useState } from 'react';
import {
  CODE_LANGUAGES,
  requestCode,
  type CodeLanguage,
  type RecordedRequest,
} from '../../../main/shared/request-code/index';
import { CopyButton } from './CopyButton';

const labelOf = (language: CodeLanguage): string =>
  CODE_LANGUAGES.find((entry) => entry.id === language)!.label;

/** The request as code in `language`, or why it cannot be (a Signature naming no headers). */
export function codeOf(
  language: CodeLanguage,
  request: RecordedRequest,
): { text: string } | { error: string } {
  try {
    return { text: requestCode(language, request) };
  } catch (error) {
    return { error: `No ${labelOf(language)} code for this request: ${(error as Error).message}` };
  }
}

interface CopyAsCodeViewProps {
  request: RecordedRequest;
  language: CodeLanguage;
  onLanguage: (language: CodeLanguage) => void;
  /** The copy button's test id; the language select's is `<testId>-language`. */
  testId: string;
}

/**
 * A language to copy the request in and the copy button: curl replays the bytes sent, the
 * programs sign the request afresh (§5.2) since no mainstream client does.
 */
export function CopyAsCodeView({ request, language, onLanguage, testId }: CopyAsCodeViewProps) {
  const id = useId();
  const code = codeOf(language, request);
  const label = labelOf(language);
  return (
    <span className="copy-as-code">
      <label htmlFor={id} className="visually-hidden">
        Copy the request as
      </label>
      <select
        id={id}
        data-testid={`${testId}-language`}
        value={language}
        onChange={(event) => onLanguage(event.target.value as CodeLanguage)}
      >
        {CODE_LANGUAGES.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.label}
          </option>
        ))}
      </select>
      {'text' in code ? (
        <CopyButton text={code.text} label={`Copy as ${label}`} testId={testId} />
      ) : (
        <span role="alert" className="error">
          {code.error}
        </span>
      )}
    </span>
  );
}

/** CopyAsCodeView keeping its own language choice, curl first. */
export function CopyAsCode({ request, testId }: { request: RecordedRequest; testId: string }) {
  const [language, setLanguage] = useState<CodeLanguage>('curl');
  return (
    <CopyAsCodeView
      request={request}
      language={language}
      onLanguage={setLanguage}
      testId={testId}
    />
  );
}
