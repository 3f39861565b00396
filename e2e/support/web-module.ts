import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { linguiAsEnglish } from './lingui-stub';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles named exports of a web app source file into a script that puts them on `window[globalName]`,
 * for helpers the built app has but no screen calls yet (the push helper). The code is the app's own,
 * bundled with the same same-origin API setting as the build the suite serves.
 */
export async function bundleWebExports(sourcePath: string, names: readonly string[], globalName: string): Promise<string> {
  const entry = resolve(repoRoot, sourcePath);
  const result = await build({
    stdin: { contents: `export { ${names.join(', ')} } from ${JSON.stringify(entry)};`, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform: 'browser',
    target: 'es2022',
    define: { 'import.meta.env.VITE_API_URL': '""', 'import.meta.env.VITE_APP_NAME': '"Pulse Market"' },
    plugins: [linguiAsEnglish],
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${sourcePath}`);
  return output.text;
}
