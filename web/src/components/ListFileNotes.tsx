import { useId } from 'react';
import { ListFileRead } from '../lib/list-file';

const ENCODINGS: Record<string, string> = {
  'windows-1252': 'Read as Windows-1252 text (what Excel on Windows saves as "CSV"); the results come back in UTF-8.',
  'utf-16le': 'Read as UTF-16 text (Excel\'s "Unicode Text"); the results come back in UTF-8.',
  'utf-16be': 'Read as UTF-16 text; the results come back in UTF-8.',
};

/** How a chosen list was read (its encoding, or its sheet), with a sheet chooser for a workbook of several. */
export function ListFileNotes({ read, onSheet }: { read: ListFileRead; onSheet: (sheet: string) => void }) {
  const id = useId();
  if (read.kind === 'xlsx')
    return read.sheets.length > 1 ? (
      <div className="field">
        <label htmlFor={id}>Sheet</label>
        <select id={id} value={read.sheet ?? ''} onChange={(e) => onSheet(e.target.value)}>
          {read.sheets.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    ) : (
      <p className="hint">Excel workbook: sheet “{read.sheet}”.</p>
    );
  const note = read.encoding ? ENCODINGS[read.encoding] : undefined;
  const txt = read.kind === 'txt' ? 'A text list: one address per line.' : '';
  return note || txt ? (
    <p className="hint" data-testid="file-encoding">
      {[txt, note].filter(Boolean).join(' ')}
    </p>
  ) : null;
}
