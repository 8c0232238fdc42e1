#!/usr/bin/env node
// Makes sure the browser the journeys run in is present before Playwright starts: Debian's Chromium
// at /usr/bin/chromium (or the binary CHROMIUM_PATH names). Does nothing when it is there; otherwise
// installs it the way .ci/run does (apt-get, as root or through passwordless sudo), and fails with
// a message saying what to install when it cannot.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-core'];
const target = process.env.CHROMIUM_PATH || DEFAULT_PATH;

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const fail = (why) => {
  console.error(
    [
      `e2e: ${why}`,
      `The end-to-end journeys run in Debian's Chromium at ${DEFAULT_PATH}. Install it as root with:`,
      `  apt-get update && apt-get install -y ${PACKAGES.join(' ')}`,
      'or point CHROMIUM_PATH at a Chromium binary, then run the tests again.',
    ].join('\n'),
  );
  process.exit(1);
};

// The journeys measure layouts at 390 px: without Noto Sans, Debian's Chromium falls back to a wider font.
const fontsMissing = () =>
  target === DEFAULT_PATH &&
  spawnSync('sh', ['-c', 'command -v dpkg'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('dpkg', ['-s', 'fonts-noto-core'], { stdio: 'ignore' }).status !== 0;

if (isExecutable(target) && !fontsMissing()) process.exit(0);

if (target !== DEFAULT_PATH) {
  // Installing Debian's package would not put a browser at a path of the user's choosing.
  fail(`CHROMIUM_PATH is ${target}, and there is no executable there.`);
}

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
if (!onPath('apt-get')) fail(`Chromium is not installed at ${DEFAULT_PATH}, and this machine has no apt-get to install it with.`);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let prefix;
if (isRoot) prefix = [];
else if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) prefix = ['sudo', '-n'];
else fail(`Chromium is not installed at ${DEFAULT_PATH}, and installing it needs root (not this user, and sudo -n is not allowed).`);

// dpkg's progress lines go nowhere (as in .ci/run); errors still reach stderr.
const run = (args) => {
  const [cmd, ...rest] = [...prefix, ...args];
  const r = spawnSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.error) fail(`${args.join(' ')} could not run: ${r.error.message}`);
  if (r.status !== 0) fail(`${args.join(' ')} failed (exit ${r.status ?? r.signal}).`);
};

console.log(
  `e2e: ${isExecutable(target) ? 'the fonts the journeys are measured with (fonts-noto-core) are missing' : `Chromium is not installed at ${DEFAULT_PATH}`}; installing ${PACKAGES.join(' ')} from Debian${prefix.length ? ' (through sudo)' : ''}; this takes a minute or two...`,
);
// env: sudo does not pass DEBIAN_FRONTEND through, so it is set on the command itself.
run(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq']);
run(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', ...PACKAGES]);

if (!existsSync(DEFAULT_PATH) || !isExecutable(DEFAULT_PATH)) fail(`apt-get finished, but there is still no Chromium at ${DEFAULT_PATH}.`);
const version = spawnSync(DEFAULT_PATH, ['--version'], { encoding: 'utf8' });
console.log(`e2e: installed ${(version.stdout || '').trim() || DEFAULT_PATH}`);
