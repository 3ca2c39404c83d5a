import { FormEvent, useState } from 'react';
import { Field } from './Field';

/**
 * A data subject's request (owners and admins): one address erased across the team's account, in single and
 * batch verifications and in every list's rows and files.
 */
export function EraseAddressForm({ onErase }: { onErase: (address: string) => Promise<void> }) {
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!address.includes('@')) return setProblem('Enter the email address to erase, such as jane@example.com.');
    if (!window.confirm(`Erase ${address.trim()} from every verification and list of the team? This cannot be undone.`))
      return;
    setProblem(null);
    void onErase(address.trim()).then(() => setAddress(''));
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="erase-address-title" noValidate>
      <h2 id="erase-address-title">Erase an address</h2>
      <p className="hint">
        When someone asks you to delete their data: their address is erased from single and batch verifications and from
        every list, and shows as erased in downloads. Lists still running must end first.
      </p>
      <Field
        label="Address to erase"
        type="email"
        value={address}
        error={problem}
        onChange={(e) => setAddress(e.target.value)}
        required
      />
      <button type="submit" className="danger">
        Erase this address
      </button>
    </form>
  );
}
