import { FormEvent, useRef, useState } from 'react';
import { api } from '../api/client';
import { CreatedKey, DASHBOARD } from '../api/dashboard';
import { checkKeyLabel } from '../lib/form-checks';
import { keyFieldErrors } from '../lib/key-field-errors';
import { KeyKind } from '../lib/key-kinds';
import { checkKeyLimits, KeyFieldErrors, KeyLimitsForm, limitsBody, NO_LIMITS } from '../lib/key-limits';
import { useFocusFirstError } from '../lib/use-focus-first-error';
import { Field } from './Field';
import { KeyKindChoice } from './KeyKindChoice';
import { KeyLimitsFields } from './KeyLimitsFields';

/**
 * A new key: its label, its kind, and only the limits that kind takes. `run` is the page's action
 * runner (its alert shows what no field concerns); `onCreated` gets the answer, secret included.
 */
export function CreateKeyForm({
  run,
  onCreated,
}: {
  run: (task: () => Promise<void>) => Promise<void>;
  onCreated: (created: CreatedKey) => void;
}) {
  const [label, setLabel] = useState('');
  const [kind, setKind] = useState<KeyKind>('live');
  const [limits, setLimits] = useState<KeyLimitsForm>(NO_LIMITS);
  const [errors, setErrors] = useState<KeyFieldErrors>({});
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  const chooseKind = (next: KeyKind) => {
    setKind(next);
    setErrors({});
  };
  const create = (event: FormEvent) => {
    event.preventDefault();
    const labelProblem = checkKeyLabel(label);
    const found: KeyFieldErrors = { ...(labelProblem ? { label: labelProblem } : {}), ...checkKeyLimits(limits, kind) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      try {
        onCreated(await api<CreatedKey>('POST', DASHBOARD.keys, { label, kind, ...limitsBody(limits, kind) }));
      } catch (error) {
        const refused = keyFieldErrors(error, kind, true);
        if (!refused) throw error;
        setErrors(refused);
        return;
      }
      setLabel('');
      setKind('live');
      setLimits(NO_LIMITS);
    });
  };
  return (
    <form ref={form} className="card" onSubmit={create} noValidate aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <Field
        error={errors.label}
        label="Label for the new key"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        placeholder="CRM sync"
        maxLength={100}
        hint="What uses the key, so you know which one to revoke later."
      />
      <KeyKindChoice value={kind} onChange={chooseKind} error={errors.kind} />
      <KeyLimitsFields kind={kind} value={limits} onChange={setLimits} errors={errors} />
      <button type="submit">Create key</button>
    </form>
  );
}
