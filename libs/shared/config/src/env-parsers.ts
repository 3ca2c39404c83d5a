/**
 * What one read of a variable declares about it: the parser's kind, its fallback and bounds. A dry read of the
 * whole configuration collects these, and docs/configuration.md is generated from them (config-reference.ts).
 */
export interface EnvVariable {
  name: string;
  kind: 'text' | 'integer' | 'true or false' | 'comma-separated list' | 'comma-separated integers' | 'URL';
  /** The value used when the variable is unset, as the parser received it (null: none). */
  fallback: string | null;
  min?: number;
  max?: number;
  /** The values `oneOf` accepts, or the URL schemes `url` accepts. */
  allowed?: readonly string[];
}

/** Small parsers that collect problems instead of throwing at the first, so start-up lists every bad variable at once. */
export class EnvReader {
  readonly problems: string[] = [];
  /** Every variable read so far, in first-read order; the first read of a name declares it. */
  readonly variables = new Map<string, EnvVariable>();

  constructor(private readonly env: Record<string, string | undefined>) {}

  private declare(variable: EnvVariable): void {
    if (!this.variables.has(variable.name)) this.variables.set(variable.name, variable);
  }

  string(name: string, fallback: string): string {
    this.declare({ name, kind: 'text', fallback });
    const value = this.env[name];
    return value === undefined || value === '' ? fallback : value;
  }

  optional(name: string): string | null {
    this.declare({ name, kind: 'text', fallback: null });
    const value = this.env[name];
    return value === undefined || value === '' ? null : value;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    this.declare({ name, kind: 'integer', fallback: String(fallback), min, max });
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  /** An integer when set, null when unset or empty. */
  optionalInt(name: string, min: number, max: number): number | null {
    this.declare({ name, kind: 'integer', fallback: null, min, max });
    const raw = this.optional(name);
    return raw === null ? null : this.int(name, min, min, max);
  }

  bool(name: string, fallback: boolean): boolean {
    this.declare({ name, kind: 'true or false', fallback: String(fallback) });
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  list(name: string): string[] | null {
    this.declare({ name, kind: 'comma-separated list', fallback: null });
    const raw = this.optional(name);
    return raw === null
      ? null
      : raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  }

  /** Delays in ms: each at most `max`, by default what a Node timer can wait (2^31-1 ms, ~24.8 days; longer fires at once). */
  intList(name: string, fallback: number[], max = 2_147_483_647): number[] {
    this.declare({ name, kind: 'comma-separated integers', fallback: fallback.join(','), min: 0, max });
    const items = this.list(name);
    if (items === null) return fallback;
    if (items.some((s) => !/^\d+$/.test(s) || Number(s) > max)) {
      this.problems.push(
        `${name} must be a comma-separated list of integers from 0 to ${max} (got "${this.env[name]}")`,
      );
      return fallback;
    }
    return items.map(Number);
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    this.declare({ name, kind: 'text', fallback, allowed });
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if (!allowed.includes(raw as T)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }

  /** A value whose own parser decides; `problem` returns why it is unusable, or null. */
  checked(name: string, problem: (raw: string) => string | null): string | null {
    const raw = this.optional(name);
    if (raw === null) return null;
    const reason = problem(raw);
    if (reason !== null) this.problems.push(reason);
    return raw;
  }

  url(name: string, protocols: string[]): string | null {
    this.declare({ name, kind: 'URL', fallback: null, allowed: protocols.map((p) => p.replace(/:$/, '')) });
    const raw = this.optional(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol))
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
    } catch {
      this.problems.push(`${name} is not a valid URL`);
    }
    return raw;
  }
}
