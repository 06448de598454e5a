import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/audit.mjs');
type Answer = 'high' | 'critical' | 'moderate' | 405;

/**
 * Stands in for the registry's advisory service (the real one is not reachable from every
 * machine): answers npm's bulk advisory request with one advisory against fastify, or an error.
 */
let answer: Answer = 'high';
let advisoryId = 1;
const registry = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.method !== 'POST' || !request.url?.includes('/-/npm/v1/security/advisories/bulk')) {
      response.writeHead(404).end();
      return;
    }
    if (typeof answer === 'number') {
      response.writeHead(answer).end();
      return;
    }
    advisoryId += 1;
    const advisory = {
      id: advisoryId,
      url: `https://example.org/advisories/${advisoryId}`,
      title: 'Test advisory',
      severity: answer,
      vulnerable_versions: '<999.0.0',
      cwe: [],
      cvss: { score: 0, vectorString: null },
    };
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ fastify: [advisory] }));
  });
});

let registryUrl: string;
let closedUrl: string;
const caches: string[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
  // A port that was just free: nothing answers there.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  await new Promise((resolve) => registry.close(resolve));
  for (const cache of caches) fs.rmSync(cache, { recursive: true, force: true });
});

/** Runs scripts/audit.mjs as CI does, against `registry`, with an empty npm cache of its own. */
async function audit(registryAddress: string, cwd = process.cwd()) {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-audit-cache-'));
  caches.push(cache);
  const env = { ...process.env, npm_config_registry: registryAddress, npm_config_cache: cache };
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [script], { cwd, env, timeout: 90_000 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('scripts/audit.mjs (the CI dependency audit)', () => {
  it.each([
    ['high', /0 critical, [1-9]\d* high/],
    ['critical', /[1-9]\d* critical, 0 high/],
  ] as const)(
    'fails CI on a %s advisory in a production dependency',
    async (severity, summary) => {
      answer = severity;
      const { code, output } = await audit(registryUrl);
      expect(output).toMatch(summary);
      expect(code).toBe(1);
    },
    120_000,
  );

  it('passes with only a moderate advisory', async () => {
    answer = 'moderate';
    const { code, output } = await audit(registryUrl);
    expect(output).toMatch(/0 critical, 0 high/);
    expect(code).toBe(0);
  }, 120_000);

  it.each([
    ['answers 405 (as this machine’s registry does)', () => registryUrl, 405 as const],
    ['refuses the connection', () => closedUrl, 'high' as const],
  ])(
    'passes with a warning when the advisory endpoint %s',
    async (_how, url, reply) => {
      answer = reply;
      const { code, output } = await audit(url());
      expect(output).toMatch(/advisory endpoint is not reachable here.*dependency audit skipped/);
      expect(code).toBe(0);
    },
    120_000,
  );

  it('fails when npm audit itself fails for another reason (no lockfile)', async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-audit-project-'));
    caches.push(project);
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'x', version: '1.0.0', dependencies: { fastify: '5.0.0' } }),
    );
    const { code, output } = await audit(registryUrl, project);
    expect(output).toMatch(/npm audit failed: ENOLOCK/);
    expect(code).toBe(1);
  }, 120_000);
});
