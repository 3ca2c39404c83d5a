/** DI token of the validated AppConfig (an interface, so it needs a token); only provideConfigSlice and provideAdapter inject it. */
export const APP_CONFIG = Symbol('APP_CONFIG');
