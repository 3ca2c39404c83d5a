import { useId } from 'react';
import { FIELDS_OF_KIND, KeyFieldErrors, KeyLimitsForm, SCOPES } from '../lib/key-limits';
import type { KeyKind } from '../lib/key-kinds';

const toggle = <T,>(list: T[], item: T): T[] =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/** aria-describedby and aria-invalid for a control: its error (when there is one) first, then its hint. */
const described = (error: string | undefined, errorId: string, hintId?: string) => ({
  'aria-describedby': [error ? errorId : null, hintId].filter(Boolean).join(' ') || undefined,
  'aria-invalid': error ? true : undefined,
});

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * The limits a key of this kind takes (docs/api-keys.md): for live and test keys what they may do and
 * from which client addresses; for a publishable key the web origins whose pages use it; for every kind
 * a monthly credit cap. Each field shows its own error, the form's check or the server's refusal.
 */
export function KeyLimitsFields({
  kind,
  value,
  onChange,
  errors = {},
}: {
  kind: KeyKind;
  value: KeyLimitsForm;
  onChange: (next: KeyLimitsForm) => void;
  errors?: KeyFieldErrors;
}) {
  const id = useId();
  const set = (change: Partial<KeyLimitsForm>) => onChange({ ...value, ...change });
  const fields = FIELDS_OF_KIND[kind];
  return (
    <div className="key-limits">
      {fields.includes('origins') && (
        <div className="field">
          <label htmlFor={`${id}-origins`}>Web origins whose pages use the key, one a line</label>
          <textarea
            id={`${id}-origins`}
            rows={3}
            value={value.origins}
            placeholder={'https://www.example.com\nhttps://*.example.com'}
            {...described(errors.origins, `${id}-origins-error`, `${id}-origins-hint`)}
            onChange={(e) => set({ origins: e.target.value })}
          />
          <FieldError id={`${id}-origins-error`} error={errors.origins} />
          <p id={`${id}-origins-hint`} className="hint">
            Scheme, host and port only, without a path: https://www.example.com, or https://*.example.com for every
            subdomain. Browsers on other sites are refused.
          </p>
        </div>
      )}
      {fields.includes('scopes') && (
        <fieldset aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
          <legend>What the key may do</legend>
          <span className="checkbox">
            <input
              id={`${id}-all`}
              type="checkbox"
              checked={value.allScopes}
              {...described(errors.scopes, `${id}-scopes-error`)}
              onChange={() => set({ allScopes: !value.allScopes })}
            />
            <label htmlFor={`${id}-all`}>Everything</label>
          </span>
          {!value.allScopes &&
            SCOPES.map(({ scope, label }) => (
              <span className="checkbox" key={scope}>
                <input
                  id={`${id}-${scope}`}
                  type="checkbox"
                  checked={value.scopes.includes(scope)}
                  onChange={() => set({ scopes: toggle(value.scopes, scope) })}
                />
                <label htmlFor={`${id}-${scope}`}>
                  {label} (<code>{scope}</code>)
                </label>
              </span>
            ))}
          <FieldError id={`${id}-scopes-error`} error={errors.scopes} />
        </fieldset>
      )}
      {fields.includes('addresses') && (
        <fieldset>
          <legend>Where the key works from</legend>
          <span className="checkbox">
            <input
              id={`${id}-any`}
              type="checkbox"
              checked={value.anyAddress}
              onChange={() => set({ anyAddress: !value.anyAddress })}
            />
            <label htmlFor={`${id}-any`}>Any address</label>
          </span>
          {!value.anyAddress && (
            <div className="field">
              <label htmlFor={`${id}-addresses`}>Your servers' addresses, one a line</label>
              <textarea
                id={`${id}-addresses`}
                rows={3}
                value={value.addresses}
                placeholder={'203.0.113.7\n203.0.113.0/24\n2001:db8::/48'}
                {...described(errors.addresses, `${id}-addresses-error`, `${id}-addresses-hint`)}
                onChange={(e) => set({ addresses: e.target.value })}
              />
              <FieldError id={`${id}-addresses-error`} error={errors.addresses} />
              <p id={`${id}-addresses-hint`} className="hint">
                IPv4 or IPv6 addresses and CIDR blocks. Calls from anywhere else are refused.
              </p>
            </div>
          )}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${id}-cap`}>Monthly credit cap</label>
        <input
          id={`${id}-cap`}
          inputMode="numeric"
          value={value.monthlyCap}
          placeholder="No cap"
          {...described(errors.cap, `${id}-cap-error`, `${id}-cap-hint`)}
          onChange={(e) => set({ monthlyCap: e.target.value })}
        />
        <FieldError id={`${id}-cap-error`} error={errors.cap} />
        <p id={`${id}-cap-hint`} className="hint">
          {kind === 'publishable'
            ? "The most the key's checks may be charged each calendar month (UTC), however many people visit your pages."
            : "The most this key's verify and finder calls and the lists it uploads may be charged each calendar month (UTC); a list stops at the cap."}
        </p>
      </div>
    </div>
  );
}
