import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * "Delete now" on an ended job: its file, results and row data erased everywhere at once (POST
 * /v1/jobs/{id}/erase), after a confirmation; the job's record, counts and charges stay.
 */
export function DeleteJobNow({ onDelete }: { onDelete: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  if (!asking)
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        Delete now
      </button>
    );
  return (
    <ConfirmDialog
      title="Delete this list’s data now?"
      confirmLabel={busy ? 'Deleting…' : 'Delete for good'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(false)}
    >
      <p>
        The uploaded file, its results and every address in it are erased everywhere this service stored them; nobody
        can download them again. The job&apos;s counts and charges stay.
      </p>
    </ConfirmDialog>
  );
}
