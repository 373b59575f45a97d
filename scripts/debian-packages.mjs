// Debian packages some checks need (Chromium for the browser tests, nginx and haproxy for the scale test, qpdf and
// poppler for the inspection report's tests), installed with apt-get when missing and running as root; otherwise
// the caller is told what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Makes sure each package's binary exists (`binaries`: package name → candidate paths). Missing ones are installed
 * in one apt-get call as root on Linux; elsewhere `fail` is called with what to install.
 */
export function ensureDebianPackages(binaries, { why, log, fail }) {
  const missing = Object.entries(binaries)
    .filter(([, paths]) => !paths.some((path) => path && existsSync(path)))
    .map(([name]) => name);
  if (missing.length === 0) return;
  if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) {
    fail(
      `${why} need ${missing.join(' and ')}: install Debian's package (sudo apt-get install ${missing.join(' ')}), then run again.`,
    );
    return;
  }
  log(`installing Debian's ${missing.join(' and ')} for ${why} (once)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.error || result.status !== 0) {
      fail(`apt-get ${args[0]} failed${result.error ? `: ${result.error.message}` : ` (exit ${result.status})`}`);
      return;
    }
  }
}

/** Where the scale test finds the load balancer and the static server. */
export const SCALE_BINARIES = {
  nginx: ['/usr/sbin/nginx', '/usr/bin/nginx'],
  haproxy: ['/usr/sbin/haproxy', '/usr/bin/haproxy'],
};

/** Where the inspection report's tests find the tools a PDF is checked with (qpdf --check, poppler's pdf* tools). */
export const PDF_BINARIES = {
  qpdf: ['/usr/bin/qpdf'],
  'poppler-utils': ['/usr/bin/pdffonts', '/usr/bin/pdftotext', '/usr/bin/pdfimages', '/usr/bin/pdftoppm'],
};
