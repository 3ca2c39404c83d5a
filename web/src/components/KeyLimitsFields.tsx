import { useId } from 'react';
import { KeyLimitsForm, SCOPES } from '../lib/key-limits';

const toggle = <T,>(list: T[], item: T): T[] =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/** What a key may do and where from: every scope or some, any address or a list (docs/api-keys.md). */
export function KeyLimitsFields({
  value,
  onChange,
  error,
}: {
  value: KeyLimitsForm;
  onChange: (next: KeyLimitsForm) => void;
  error?: string | null;
}) {
  const id = useId();
  const set = (change: Partial<KeyLimitsForm>) => onChange({ ...value, ...change });
  return (
    <div className="key-limits">
      <fieldset>
        <legend>What the key may do</legend>
        <span className="checkbox">
          <input
            id={`${id}-all`}
            type="checkbox"
            checked={value.allScopes}
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
      </fieldset>
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
              aria-describedby={`${id}-addresses-hint`}
              onChange={(e) => set({ addresses: e.target.value })}
            />
            <p id={`${id}-addresses-hint`} className="hint">
              IPv4 or IPv6 addresses and CIDR blocks. Calls from anywhere else are refused.
            </p>
          </div>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-cap`}>Monthly credit cap</label>
        <input
          id={`${id}-cap`}
          inputMode="numeric"
          value={value.monthlyCap}
          placeholder="No cap"
          aria-describedby={`${id}-cap-hint`}
          onChange={(e) => set({ monthlyCap: e.target.value })}
        />
        <p id={`${id}-cap-hint`} className="hint">
          The most this key's verify and finder calls and the lists it uploads may be charged each calendar month (UTC);
          a list stops at the cap.
        </p>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
