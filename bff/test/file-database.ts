// A setupFile: runs before each test file, in its context. Its afterAll runs after the file's own (hooks stack).
import { afterAll } from 'vitest';
import { createFileDatabase } from './database.js';

afterAll(await createFileDatabase());
