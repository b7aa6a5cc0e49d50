import type { PreflightView } from '../../../../../main/api/contract';

/** The pre-flight of one profile, as `workbench doctor` prints it: one line per check, FAILs with their fix. */
export function PreflightLines({ report }: { report: PreflightView }) {
  return (
    <div data-testid="preflight" data-ok={String(report.ok)}>
      <ul className="preflight-lines">
        {report.lines.map((line) => (
          <li
            key={line.id}
            data-testid="preflight-line"
            data-check={line.id}
            data-status={line.status}
          >
            <span className={`badge badge-preflight-${line.status.toLowerCase()}`}>
              {line.status}
            </span>{' '}
            <strong>{line.title}</strong> <span className="muted">{line.detail}</span>
            {line.fix && (
              <div className="preflight-fix" data-testid="preflight-fix">
                fix: {line.fix}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
