// Each Playwright worker drives a server of its own, with its own data (tests that change the demo data never see
// another worker's changes): worker i (TEST_PARALLEL_INDEX, 0 … workers-1) talks to the one on E2E_PORT + i.

/** The first server's port; the others follow it. */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The port of this worker's server (the first one outside a worker: the config's own process). */
export const SERVER_PORT = FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;

/** The data folder of the server on `port` (start-server.mjs makes it; its outbox holds the mails). */
export const dataDirOf = (port: number) => new URL(`../.tmp/e2e-data-${port}/`, import.meta.url);
