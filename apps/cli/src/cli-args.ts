/** A usage mistake: exit code 2 with the command's usage line. */
export class UsageError extends Error {}

export interface ParsedArgs {
  command: string | undefined;
  flags: Record<string, string>;
}

/** `<command> --flag value --other=value`; a flag without a value reads as "true". */
export function parseArgs(argv: string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) flags[name] = inline;
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) flags[name] = rest[++i];
    else flags[name] = 'true';
  }
  return { command, flags };
}

export function stringFlag(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === '' || value === 'true') throw new UsageError(`--${name} is required`);
  return value;
}

export function intFlag(flags: Record<string, string>, name: string, fallback?: number): number {
  if (flags[name] === undefined && fallback !== undefined) return fallback;
  const text = stringFlag(flags, name);
  if (!/^-?\d{1,15}$/.test(text)) throw new UsageError(`--${name} must be an integer`);
  return Number(text);
}
