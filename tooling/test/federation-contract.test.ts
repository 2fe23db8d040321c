import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  contractProblems,
  declaredPages,
  missingPages,
  rangeConflicts,
  shellExpectations,
} from '../federation-contract.cjs';
import { sharedSingletons, singletonRanges } from '../shared-singletons.cjs';

const ROOT = path.resolve(__dirname, '../..');
const REMOTES = ['mf-catalog', 'mf-account', 'mf-checkout', 'mf-admin'];

describe('federation contract', () => {
  it('holds for every app in the repository', () => {
    expect(contractProblems()).toEqual([]);
  });

  it('reads the pages the shell mounts from its remote route table', () => {
    const expected = shellExpectations(
      readFileSync(path.join(ROOT, 'shell/src/remotes/remote-routes.ts'), 'utf8'),
    );
    expect(expected['mf-catalog']).toEqual([
      '/',
      '/category/:category',
      '/search',
      '/product/:slug',
    ]);
    expect(expected['mf-account']).toEqual(['/orders', '/profile']);
    expect(expected['mf-checkout']).toEqual(['/cart', '/purchase-success', '/purchase-cancel']);
    expect(expected['mf-admin']).toEqual(['/secret-dashboard']);
    expect(() => shellExpectations('export const ROUTES = {};')).toThrow(/No REMOTE_ROUTES/);
  });

  it('reports a page a remote stopped exposing', () => {
    const remote = `export const pages: RemoteRoutesModule['pages'] = {\n  '/orders': OrdersPage,\n};`;
    expect(declaredPages(remote)).toEqual(['/orders']);
    expect(missingPages('mf-account', { remote })).toEqual(['/profile']);
  });

  it('reports a singleton range a remote cannot share', () => {
    const conflicts = rangeConflicts('mf-catalog', {
      dependencies: { react: '^18.2.0', 'react-redux': '^9.1.0' },
    });
    expect(conflicts).toEqual(['react: mf-catalog wants ^18.2.0, the store shares ^19.0.0']);
  });

  it('shares every singleton with the same range in all apps', () => {
    const shared = sharedSingletons();
    for (const [name, range] of Object.entries(singletonRanges)) {
      expect(shared[name]).toEqual({
        singleton: true,
        requiredVersion: range,
        strictVersion: false,
      });
    }
  });

  it('finds ./routes in every built remote manifest', () => {
    for (const remote of REMOTES) {
      const manifestPath = path.join(ROOT, remote, 'dist/mf-manifest.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        exposes: { path: string }[];
        shared: { name: string; version: string; singleton: boolean }[];
      };
      expect(manifest.exposes.map((expose) => expose.path)).toContain('./routes');
      // Prefix shares (react/jsx-runtime) carry their singleton flag on the consuming side only.
      for (const entry of manifest.shared.filter(({ name }) => name in singletonRanges)) {
        expect(entry.singleton).toBe(true);
      }
    }
  });
});
