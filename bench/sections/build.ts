import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/composition.mjs';
import { APPS } from '../lib/composition.ts';
import { check, log, num, table, type Budget } from '../lib/report.ts';

export interface BuildResult {
  apps: { app: string; seconds: number; ok: boolean }[];
  totalSeconds: number;
  cores: number;
  budgets: Record<string, Budget>;
}

function webpack(appDir: string, outputPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['webpack', '--mode', 'production', '--output-path', outputPath], {
      cwd: appDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * Production builds of the five apps, one after the other (as buildApps does on 2 cores), into
 * temp folders: the dist folders others serve stay untouched. No persistent cache is configured,
 * so every build is cold.
 */
export async function runBuildSection(): Promise<BuildResult> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  const apps: BuildResult['apps'] = [];
  try {
    for (const app of APPS) {
      log(`build: ${app}`);
      const started = performance.now();
      const ok = await webpack(path.join(ROOT, app), path.join(out, app));
      apps.push({ app, seconds: (performance.now() - started) / 1000, ok });
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  const totalSeconds = apps.reduce((sum, entry) => sum + entry.seconds, 0);
  return {
    apps,
    totalSeconds,
    cores: os.availableParallelism(),
    budgets: {
      ok: check(
        apps.every((entry) => entry.ok),
        'all succeed',
      ),
      time: check(totalSeconds < 90, '< 90 s'),
    },
  };
}

export function buildTable(result: BuildResult): string {
  return table(`Cold production build, sequential, ${result.cores} cores`, [
    ['app', 'seconds', 'ok'],
    ...result.apps.map((entry) => [entry.app, num(entry.seconds, 1), entry.ok ? 'yes' : 'NO']),
    [
      'total',
      num(result.totalSeconds, 1),
      Object.values(result.budgets)
        .map((budget) => `${budget.verdict} ${budget.limit}`)
        .join('; '),
    ],
  ]);
}
