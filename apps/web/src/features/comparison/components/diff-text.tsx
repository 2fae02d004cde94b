import type { DiffSegment } from '../../../lib/word-diff.ts';

interface DiffTextProps {
  segments: DiffSegment[];
  /** Whose answer this is, spoken to screen readers at each highlighted run. */
  service: string;
}

/**
 * An answer with the words only it has marked. The mark is underlined as well as tinted, and
 * screen readers hear where each run starts and ends, so colour is never the only signal.
 */
export function DiffText({ segments, service }: DiffTextProps) {
  return segments.map((segment, index) =>
    segment.unique ? (
      <mark key={index} className="diff-mark">
        <span className="visually-hidden">[only in {service}: </span>
        {segment.text}
        <span className="visually-hidden">]</span>
      </mark>
    ) : (
      <span key={index}>{segment.text}</span>
    ),
  );
}
