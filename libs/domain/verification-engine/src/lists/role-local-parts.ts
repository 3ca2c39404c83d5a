import roles from '../../data/role-local-parts.json';

// 1,032 local parts: mixmaxhq role-based-email-addresses 3.1.0 (MIT) plus common additions.
const ROLES = new Set((roles as string[]).map((r) => r.toLowerCase()));

/**
 * Role address test on the local part, ignoring case and a +tag, and also matching the
 * separated form (`sales.team`, `support-eu`) by its first token.
 */
export function isRoleLocalPart(local: string): boolean {
  const base = local.toLowerCase().split('+')[0];
  if (ROLES.has(base)) return true;
  const first = base.split(/[._-]/)[0];
  return first.length >= 3 && ROLES.has(first) && first !== base;
}
