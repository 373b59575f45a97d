import { type Config } from './config.js';

/** Injection token of the typed config (`@Inject(CONFIG) config: Config`). */
export const CONFIG = Symbol('CONFIG');
export type { Config };
