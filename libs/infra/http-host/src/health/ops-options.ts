import type { Type } from '@nestjs/common';
import type { ReadinessNotes } from './readiness-notes';

/** Which adapter serves each port /ready checks, by the names the app chose them by (`sqlite`, `kafka`, ...). */
export type ReadyAdapters = Record<'eventStore' | 'readStore' | 'messageBus' | 'blobStore', string>;

/** What the app tells the ops routes: its adapters, and what it adds to /ready (ReadinessNotes), if anything. */
export interface OpsOptions {
  adapters: ReadyAdapters;
  readiness?: Type<ReadinessNotes>;
}

/** DI token of the app's ReadyAdapters (a type, so it needs a token); OpsModule.forRoot provides it. */
export const READY_ADAPTERS = Symbol('READY_ADAPTERS');
