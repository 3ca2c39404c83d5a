/** Small parsers that collect problems instead of throwing at the first, so start-up lists every bad variable at once. */
export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Record<string, string | undefined>) {}

  string(name: string, fallback: string): string {
    const value = this.env[name];
    return value === undefined || value === '' ? fallback : value;
  }

  optional(name: string): string | null {
    const value = this.env[name];
    return value === undefined || value === '' ? null : value;
  }

  int(name: string, fallback: number, min: number, max: number): number {
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
    const raw = this.optional(name);
    return raw === null ? null : this.int(name, min, min, max);
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  list(name: string): string[] | null {
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
