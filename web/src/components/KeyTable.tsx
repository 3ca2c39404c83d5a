import type { ApiKey } from '../api/dashboard';
import { describeCap, describeScopes, describeWhere } from '../lib/key-limits';
import { KeyKindBadge } from './KeyKindBadge';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }) : 'never';

/** The team's keys: each one's kind, what it may do, where from, its cap and last use, and its actions. */
export function KeyTable({
  keys,
  onEdit,
  onRotate,
  onRevoke,
}: {
  keys: ApiKey[];
  onEdit: (key: ApiKey) => void;
  onRotate: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="API keys">
      <table data-testid="keys-table">
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Kind</th>
            <th scope="col">Key id</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Can do</th>
            <th scope="col">Works from</th>
            <th scope="col">Monthly cap</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.keyId} className={`key-row key-row-${key.kind}`}>
              <td>{key.label}</td>
              <td>
                <KeyKindBadge kind={key.kind} />
              </td>
              <td>
                <code>{key.keyId}</code>
                {key.revokedAt
                  ? ` (revoked ${when(key.revokedAt)})`
                  : key.rotatedAt
                    ? ` (rotated ${when(key.rotatedAt)})`
                    : ''}
              </td>
              <td>
                {when(key.createdAt)}
                <br />
                <span className="hint">by {key.owner?.email ?? 'an operator'}</span>
              </td>
              <td data-testid="key-last-used">{when(key.lastUsedAt)}</td>
              <td data-testid="key-scopes">{describeScopes(key)}</td>
              <td data-testid="key-where">{describeWhere(key)}</td>
              <td data-testid="key-cap">{describeCap(key)}</td>
              <td className="actions">
                {!key.revokedAt && (
                  <>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Limits of “${key.label}”`}
                      onClick={() => onEdit(key)}
                    >
                      Limits
                    </button>
                    <button type="button" className="secondary" onClick={() => onRotate(key)}>
                      Rotate
                    </button>
                    <button type="button" className="danger" onClick={() => onRevoke(key)}>
                      Revoke
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
