// `npm audit --omit=dev` for CI: fails on a high or critical advisory in what ships, and says so
// plainly (without failing) when the registry cannot answer audits, as mirrors often cannot.
import { spawnSync } from 'node:child_process';

/**
 * The part of `npm audit --json`'s report read here, or of its error when the registry refused.
 * @typedef {object} AuditReport
 * @property {{ vulnerabilities?: Partial<Record<Severity, number>> }} [metadata]
 * @property {Record<string, { severity?: Severity, range?: string }>} [vulnerabilities]
 * @property {string} [message]
 * @property {{ summary?: string }} [error]
 */
/** @typedef {'critical' | 'high' | 'moderate' | 'low' | 'info'} Severity */

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
/** @type {AuditReport | null} */
let report = null;
try {
  report = JSON.parse(run.stdout);
} catch {
  // not JSON: npm could not reach the audit endpoint at all
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason =
    report?.message ??
    report?.error?.summary ??
    run.stderr.split('\n').find((line) => /error/i.test(line)) ??
    '';
  console.log(
    `npm audit: the registry did not answer the audit request (${reason.trim() || 'no answer'}); ` +
      'advisories were NOT checked. Run `npm audit --omit=dev` where the public registry is reachable.',
  );
  process.exit(0);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  for (const [name, advisory] of Object.entries(report?.vulnerabilities ?? {})) {
    if (advisory.severity === 'high' || advisory.severity === 'critical') {
      console.log(`  ${advisory.severity}: ${name} ${advisory.range ?? ''}`);
    }
  }
  process.exit(1);
}
