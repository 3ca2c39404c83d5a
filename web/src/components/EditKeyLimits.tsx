import { FormEvent, useState } from 'react';
import { checkKeyLimits, formOf, KeyLimitsForm, limitsBody } from '../lib/key-limits';
import type { ApiKey } from '../api/dashboard';
import { KeyLimitsFields } from './KeyLimitsFields';

/** Changes one key's limits in place; `onSave` gets the body of PATCH /dashboard/v1/keys/{keyId}. */
export function EditKeyLimits({
  apiKey,
  onSave,
  onCancel,
}: {
  apiKey: ApiKey;
  onSave: (body: ReturnType<typeof limitsBody>) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<KeyLimitsForm>(formOf(apiKey));
  const [problem, setProblem] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = checkKeyLimits(form);
    setProblem(found);
    if (!found) onSave(limitsBody(form));
  };
  return (
    <form className="card" onSubmit={save} noValidate aria-label={`Limits of the key “${apiKey.label}”`}>
      <KeyLimitsFields value={form} onChange={setForm} error={problem} />
      <button type="submit">Save limits</button>{' '}
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
