/** One documented entry of docs/configuration.md and the groups they form (libs/shared/config/src/config-reference.ts). */
export interface ConfigReferenceEntry {
  /** Variables documented together (a pair such as PORT and HOST); each is shown with its own kind and default. */
  names: readonly string[];
  /** Words for a default the parser cannot state (it depends on another variable or the machine, or means an adapter). */
  defaults?: Readonly<Record<string, string>>;
  meaning: string;
}

export interface ConfigReferenceGroup {
  title: string;
  entries: readonly ConfigReferenceEntry[];
}
