import { DragEvent, useId, useState } from 'react';

/** Drop a CSV here or choose it with the (keyboard-reachable) file input inside. */
export function DropZone({ onFile, label }: { onFile: (file: File) => void; label: string }) {
  const [over, setOver] = useState(false);
  const id = useId();
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
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
      <p>Drag and drop a CSV file here, or</p>
      <label htmlFor={id} className="button secondary">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,.txt,.tsv,text/csv,text/plain"
        className="visually-hidden-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
