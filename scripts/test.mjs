// `npm test`: every check of the repository, CI's command too. Independent stages run five at a
// time, so one's waits leave the two cores to the others; each one's output is kept in
// test-results/<stage>.log and printed whole when it ends, so parallel output never interleaves.
// Ends with a table of each stage's start, duration and CPU time.
//
//   npm test                 every stage
//   npm test -- api e2e      the named stages only (api: api-1 to api-3 and api-alone)
//
// CI_STAGES ("install=41.2 audit=0.9", seconds) puts stages that ran before this script (.ci/run's
// install) at the top of the table.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'test-results');
const LANES = 5;

// Node's on-disk code cache for every Node process of every stage: the run starts well over a
// hundred api, test runner, tsc and ESLint processes, and each compiled the same modules again
// (loading the api's modules took 3.3 s of CPU without it, 2.6 s with it).
process.env.NODE_COMPILE_CACHE ??= path.join(ROOT, 'node_modules', '.cache', 'node-compile-cache');

/**
 * A stage of the run (see STAGES).
 * @typedef {object} Stage
 * @property {string} name
 * @property {string} command a shell command, run from the repository's root
 * @property {string[]} [after]
 * @property {boolean} [alone]
 * @property {boolean} [yields]
 */
/**
 * How a stage went: its times in seconds, `startedAt` in ms since the epoch; or not run at all.
 * @typedef {{ passed: boolean, seconds: number, cpu: number, startedAt: number, skipped?: false }
 *   | { passed: false, skipped: true }} Outcome
 */
/**
 * A row of the closing table; `prior`: a stage that ran before this script (CI_STAGES).
 * @typedef {{ name: string, offset: number | null, seconds: number, cpu?: number,
 *   passed: boolean, prior?: boolean, result?: string }} Row
 */

/**
 * CPU seconds of this process's children that have ended (Linux: `/proc/self/stat`'s cutime and
 * cstime, in clock ticks of 1/100 s). Read as each stage ends, the growth is that stage's CPU time,
 * its processes' and theirs; a server it only talked to (PostgreSQL) is not counted.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}
let cpuSeen = childrenCpuSeconds();

/**
 * CPU seconds the whole machine has been busy (Linux: `/proc/stat`'s user, nice, system, irq and
 * softirq ticks). Beside the stages' own time it holds what they use without owning it: the
 * PostgreSQL server and Chromium's renderers, which are not the runner's children (in a browser
 * test most of the CPU); and anything else the host runs.
 */
function machineBusySeconds() {
  try {
    const [line = ''] = readFileSync('/proc/stat', 'utf8').split('\n', 1);
    const [, user = NaN, nice = NaN, system = NaN, , , irq = NaN, softirq = NaN] = line
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Started in this order as lanes free up. `after`: stages that must have passed first, when they
 * are part of the run. `alone`: runs once every other stage has ended, by itself, in this order.
 * `yields`: runs at a lower CPU priority, so the builds and then the browser tests, the longest
 * chain, take the cores whenever they need them; the others fill the time those wait.
 */
const STAGES = [
  { name: 'build', command: 'node scripts/build-apps.mjs' },
  // One process per third of the files: each one's waits on PostgreSQL, its servers and its
  // timers overlap the others' work (two ran 1,030 s each on a slow day, the longest stages).
  { name: 'api-1', command: 'API_TEST_SHARD=1/3 npm test -w api', yields: true },
  { name: 'api-2', command: 'API_TEST_SHARD=2/3 npm test -w api', yields: true },
  { name: 'api-3', command: 'API_TEST_SHARD=3/3 npm test -w api', yields: true },
  { name: 'e2e', command: 'npm test -w e2e', after: ['build'] },
  { name: 'typecheck', command: 'node scripts/typecheck.mjs', yields: true },
  { name: 'lint', command: 'eslint . && prettier --check .', yields: true },
  // Not yielding: its user-event tests time out (20 s) when starved beside five other stages.
  { name: 'unit', command: 'jest' },
  // The api's and the shell's image recipes executed and started (no container engine here).
  { name: 'images', command: 'node scripts/image-dry-run.mjs api shell', yields: true },
  // It restarts the machine's PostgreSQL, which every other stage's database may be on.
  { name: 'api-alone', command: 'npm run test:alone -w api', alone: true },
];

/**
 * A name picks that stage and every stage named after it (`api`: api-1 to api-3, api-alone).
 * @param {string[]} args
 * @returns {Stage[]}
 */
function selectedStages(args) {
  /**
   * @param {Stage} stage
   * @param {string} arg
   */
  const picks = (stage, arg) => stage.name === arg || stage.name.startsWith(`${arg}-`);
  const unknown = args.filter((arg) => !STAGES.some((stage) => picks(stage, arg)));
  if (unknown.length) {
    console.error(
      `Unknown stage ${unknown.join(', ')}: one of ${STAGES.map((s) => s.name).join(', ')}`,
    );
    process.exit(2);
  }
  return args.length ? STAGES.filter((stage) => args.some((arg) => picks(stage, arg))) : STAGES;
}

/**
 * Runs `stage`, its output kept in its log and printed whole when it ends.
 * @param {Stage} stage
 * @returns {Promise<Outcome>}
 */
function run(stage) {
  const log = path.join(RESULTS, `${stage.name}.log`);
  const out = createWriteStream(log);
  const startedAt = Date.now();
  console.log(`▶ ${stage.name}: ${stage.command}`);
  return new Promise((resolve) => {
    /** @type {[string, ...string[]]} */
    const shell = ['sh', '-c', stage.command];
    /** @type {[string, ...string[]]} */
    const [command, ...args] = stage.yields ? ['nice', '-n', '10', ...shell] : shell;
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.once('close', (code, signal) => {
      out.end(() => {
        const seconds = (Date.now() - startedAt) / 1000;
        const cpuNow = childrenCpuSeconds();
        const cpu = cpuNow - cpuSeen;
        cpuSeen = cpuNow;
        const passed = code === 0;
        process.stdout.write(`\n──── ${stage.name} (${seconds.toFixed(1)} s) ────\n`);
        process.stdout.write(readFileSync(log));
        console.log(
          `${passed ? '✔' : '✖'} ${stage.name} ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`}`,
        );
        resolve({ seconds, cpu, passed, startedAt });
      });
    });
  });
}

/** @returns {Row[]} */
function priorStages() {
  return (process.env.CI_STAGES ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [name = '', seconds] = pair.split('=');
      return { name, seconds: Number(seconds), passed: true, offset: null, prior: true };
    });
}

/**
 * @param {Row[]} rows
 * @param {number} wallSeconds this script's run, from its first stage's start
 * @param {number} machineCpu the machine's busy CPU seconds over that run
 */
function printTable(rows, wallSeconds, machineCpu) {
  /** @param {number | null | undefined} value */
  const figure = (value) =>
    typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : '';
  /** @type {(...cells: [string, string, string, string, string]) => string} */
  const line = (name, offset, seconds, cpu, result) =>
    `${name.padEnd(11)} ${offset.padStart(8)} ${seconds.padStart(9)} ${cpu.padStart(8)}  ${result}`;
  console.log(`\n${line('stage', 'start s', 'seconds', 'cpu s', 'result')}`);
  for (const row of rows) {
    const result = row.result ?? (row.passed ? 'passed' : 'FAILED');
    console.log(line(row.name, figure(row.offset), figure(row.seconds), figure(row.cpu), result));
  }
  /**
   * @param {Row[]} list
   * @param {'seconds' | 'cpu'} key
   */
  const sum = (list, key) => list.reduce((total, row) => total + (row[key] || 0), 0);
  const before = sum(
    rows.filter((row) => row.prior),
    'seconds',
  );
  console.log(line('total', '', figure(before + wallSeconds), figure(sum(rows, 'cpu')), ''));
  const cores = os.availableParallelism();
  const busy = `${Math.round((100 * machineCpu) / (cores * wallSeconds))} % of ${cores} cores busy`;
  console.log(line('machine', '', figure(wallSeconds), figure(machineCpu), busy));
}

async function main() {
  const stages = selectedStages(process.argv.slice(2));
  mkdirSync(RESULTS, { recursive: true });
  const names = new Set(stages.map((stage) => stage.name));
  /** @type {Map<string, Outcome>} */
  const results = new Map();
  const pending = [...stages];
  /** @type {Map<string, Promise<void>>} */
  const running = new Map();
  const startedAt = Date.now();
  const machineBusyAtStart = machineBusySeconds();

  /** @param {Stage} stage */
  const waitsOn = (stage) => (stage.after ?? []).filter((name) => names.has(name));
  /** @param {Stage} stage */
  const blocked = (stage) => waitsOn(stage).some((name) => results.get(name)?.passed === false);
  /** @param {Stage} stage */
  const ready = (stage) => waitsOn(stage).every((name) => results.get(name)?.passed);

  while (pending.length || running.size) {
    for (const stage of [...pending]) {
      if (blocked(stage)) {
        pending.splice(pending.indexOf(stage), 1);
        results.set(stage.name, { passed: false, skipped: true });
        continue;
      }
      const fits = stage.alone
        ? running.size === 0 && pending.every((other) => other.alone)
        : running.size < LANES;
      if (!ready(stage) || !fits) continue;
      pending.splice(pending.indexOf(stage), 1);
      running.set(
        stage.name,
        run(stage).then((result) => {
          results.set(stage.name, result);
          running.delete(stage.name);
        }),
      );
    }
    if (running.size) await Promise.race(running.values());
  }

  const wallSeconds = (Date.now() - startedAt) / 1000;
  const machineCpu = machineBusySeconds() - machineBusyAtStart;
  const rows = [
    ...priorStages(),
    ...stages.map((stage) => {
      const result = results.get(stage.name);
      // The loop above ends once no stage is pending or running: each one has its outcome.
      if (!result) throw new Error(`No outcome for ${stage.name}`);
      return {
        name: stage.name,
        offset: result.skipped ? null : (result.startedAt - startedAt) / 1000,
        seconds: result.skipped ? NaN : result.seconds,
        cpu: result.skipped ? NaN : result.cpu,
        passed: result.passed,
        result: result.skipped ? 'not run (an earlier stage failed)' : undefined,
      };
    }),
  ];
  printTable(rows, wallSeconds, machineCpu);
  process.exit([...results.values()].every((result) => result.passed) ? 0 : 1);
}

await main();
