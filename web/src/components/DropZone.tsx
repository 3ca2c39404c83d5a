import { DragEvent, useId, useState } from 'react';
import { formatBytes, oversizeRefusal, useUploadLimits } from '../lib/upload-limits';

/**
 * Drop a list here (CSV, TXT or an Excel .xlsx) or choose it with the (keyboard-reachable) file input inside. Says the server's
 * upload size limit and refuses a larger file before sending it (the server would refuse it too).
 */
export function DropZone({ onFile, label }: { onFile: (file: File) => void; label: string }) {
  const [over, setOver] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const limits = useUploadLimits();
  const id = useId();
  const take = (file: File) => {
    const refused = oversizeRefusal(file, limits);
    setRefusal(refused);
    if (!refused) onFile(file);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) take(file);
  };
  return (
    <div
      className={`dropzone${over ? ' over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="dropzone"
    >
      {/* A phone or tablet cannot drag a file: it is offered the file picker only. */}
      <p className="pointer-only">Drag and drop a list here (CSV, TXT or Excel .xlsx), or</p>
      <p className="touch-only">Pick a list (CSV, TXT or Excel .xlsx) saved on this device:</p>
      <label htmlFor={id} className="button secondary">
        {label}
      </label>
      {limits && <p data-testid="upload-limit">Files up to {formatBytes(limits.maxUploadBytes)}.</p>}
      <input
        id={id}
        type="file"
        accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="visually-hidden-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) take(file);
          e.target.value = '';
        }}
      />
      {refusal && (
        <div className="alert error" role="alert">
          {refusal}
        </div>
      )}
    </div>
  );
}
