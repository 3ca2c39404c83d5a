/** DI token of the validated AppConfig (an interface, so it needs a token). */
export const APP_CONFIG = Symbol('APP_CONFIG');
