import { logDownloadPath, type LogDownloadFormat } from '@promptpair/contract';

const FORMATS: { format: LogDownloadFormat; label: string; hint: string }[] = [
  { format: 'csv', label: 'Download CSV', hint: 'one row per prompt, both answers side by side' },
  { format: 'json', label: 'Download JSON', hint: 'every record with its raw output' },
];

/**
 * Plain links to the server's files: the browser downloads them with the visitor's cookie, and
 * the whole log comes along however long it is.
 */
export function LogDownloads() {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      {FORMATS.map(({ format, label, hint }) => (
        <a key={format} className="btn btn-primary btn-sm" href={logDownloadPath(format)} download title={hint}>
          {label}
        </a>
      ))}
    </div>
  );
}
