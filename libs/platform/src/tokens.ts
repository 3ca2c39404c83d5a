/** DI token of the validated AppConfig (an interface, so it needs a token); only provideConfigSlice and provideAdapter inject it. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** DI token of the AdapterChoice made from it (what /ready reports beside each port's status). */
export const ADAPTER_CHOICE = Symbol('ADAPTER_CHOICE');
