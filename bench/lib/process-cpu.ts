import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return ticksPerSecond;
}

/**
 * CPU time (user + system) a process has used so far, in milliseconds, from `/proc/<pid>/stat`;
 * NaN where there is no `/proc`. CPU time, unlike throughput, hardly moves when another process
 * competes for the cores, so it compares two builds measured minutes apart on a shared machine.
 */
export async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks / clockTicks()) * 1000;
  } catch {
    return Number.NaN;
  }
}
