import { FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import { DASHBOARD, type ApiKey } from '../api/dashboard';
import { keyFieldErrors } from '../lib/key-field-errors';
import { kindName } from '../lib/key-kinds';
import { checkKeyLimits, formOf, KeyFieldErrors, KeyLimitsForm, limitsBody } from '../lib/key-limits';
import { useFocusFirstError } from '../lib/use-focus-first-error';
import { KeyLimitsFields } from './KeyLimitsFields';

/**
 * Changes one key's limits in place (PATCH /dashboard/v1/keys/{keyId}): the fields its kind takes, each
 * refusal shown beside its field. `run` is the page's action runner; `onSaved` follows a saved change.
 */
export function EditKeyLimits({
  apiKey,
  run,
  onSaved,
  onCancel,
}: {
  apiKey: ApiKey;
  run: (task: () => Promise<void>) => Promise<void>;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<KeyLimitsForm>(formOf(apiKey));
  const [errors, setErrors] = useState<KeyFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useFocusFirstError(formRef, errors);
  // Opened from a button in the table above: focus moves here so keyboard and screen reader users follow.
  useEffect(() => title.current?.focus(), []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = checkKeyLimits(form, apiKey.kind);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      try {
        await api('PATCH', `${DASHBOARD.keys}/${apiKey.keyId}`, limitsBody(form, apiKey.kind));
      } catch (error) {
        const refused = keyFieldErrors(error, apiKey.kind, false);
        if (!refused) throw error;
        setErrors(refused);
        return;
      }
      onSaved();
    });
  };
  const titleId = `edit-key-${apiKey.keyId}`;
  return (
    <form ref={formRef} className="card" onSubmit={save} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1}>
        Limits of the {kindName(apiKey.kind).toLowerCase()} key “{apiKey.label}”
      </h2>
      <KeyLimitsFields kind={apiKey.kind} value={form} onChange={setForm} errors={errors} />
      <button type="submit">Save limits</button>{' '}
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
