/**
 * Who is asking for a session: API calls (single and batch verify, finder) are `interactive`, job
 * chunks `bulk`. Interactive callers are served first, may use one slot above the adaptive limit (never
 * above the ceiling), and bulk sessions hand their connection over between RCPTs when an interactive
 * caller waits (see DomainProber).
 */
export type ProbeLane = 'interactive' | 'bulk';
