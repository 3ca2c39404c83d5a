import { FormEvent, useState } from 'react';
import { Field } from './Field';

/**
 * Closing the account (the owner alone): confirmed by typing the team's name, compared as the server does
 * (trimmed); the button stays disabled until it matches.
 */
export function CloseAccountForm({
  teamName,
  busy,
  onClose,
}: {
  teamName: string;
  busy: boolean;
  onClose: (typed: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim() !== '' && typed.trim() === teamName.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) onClose(typed);
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="close-account-title">
      <h2 id="close-account-title">Close the account</h2>
      <p>
        Every API key stops working, every member is removed, you are signed out and cannot sign in again, and every
        address, list and result of the team (test mode included) is erased. Invoices and the credit ledger stay, with
        no personal data. This cannot be undone.
      </p>
      <Field
        label={`Type the team's name, ${teamName}, to confirm`}
        value={typed}
        autoComplete="off"
        onChange={(e) => setTyped(e.target.value)}
        required
      />
      <button type="submit" className="danger" disabled={!matches || busy}>
        {busy ? 'Closing…' : 'Close the account for good'}
      </button>
    </form>
  );
}
