import { createStore } from 'jotai';

/**
 * The panel's one jotai store. Code outside React (the API client's 401 handler, the router's guard) reads the
 * language from the same store the components render with.
 */
export const appStore = createStore();
