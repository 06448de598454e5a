// Fails on high or critical advisories in production dependencies. When the registry's advisory
// endpoint cannot be reached (some registries and mirrors answer 405, a network may be down) it says
// so and does not block the build; any other failure of npm audit (no lockfile, say) fails it.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
if (run.error) {
  console.error(`npm audit could not be run: ${run.error.message}`);
  process.exit(1);
}

let report = null;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}

const vulnerabilities = report?.metadata?.vulnerabilities;
if (vulnerabilities) {
  const { high = 0, critical = 0 } = vulnerabilities;
  console.log(`npm audit: ${critical} critical, ${high} high advisories in production dependencies.`);
  for (const [name, found] of Object.entries(report.vulnerabilities ?? {})) {
    if (found.severity !== 'high' && found.severity !== 'critical') continue;
    const advisories = found.via
      .filter((via) => typeof via === 'object')
      .map((via) => `${via.title} ${via.url}`);
    console.log(
      `  ${name} (${found.severity}): ${advisories.join('; ') || `through ${found.via.join(', ')}`}`,
    );
  }
  process.exit(high + critical > 0 ? 1 : 0);
}

// npm names the advisory endpoint (/-/npm/v1/security/...) when a request to it failed.
const message = String(report?.message ?? '');
if (/\/-\/npm\/v1\/security\//.test(message)) {
  console.warn(
    `npm audit: the advisory endpoint is not reachable here (${message}); dependency audit skipped.`,
  );
  process.exit(0);
}

const reason = report?.error?.summary || message || run.stderr.trim().split('\n').pop() || 'no report';
console.error(`npm audit failed: ${report?.error?.code ?? ''} ${reason}`.replace(/\s+/g, ' '));
process.exit(1);
