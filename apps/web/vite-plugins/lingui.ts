import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';
import { precompiledMessages } from './precompiled-messages';

// The Vite plugin's native macro transform needs @lingui/native-tools, whose binary npm skips on the
// machines' Node 20 (engine >= 22): Babel does the macro instead, and says nothing about it.
process.env.LINGUI_SUPPRESS_BABEL_WARNING = '1';

const LINGUI_CONFIG = new URL('../../../lingui.config.ts', import.meta.url).pathname;

/**
 * Lingui in the web build and the web tests: the macro (t, msg, Trans, Plural...) through Babel,
 * English texts precompiled where they stay in the code, and .po imports compiled on the fly
 * (docs/decisions/046-languages-lingui.md).
 */
export function linguiPlugins(): PluginOption[] {
  const macro = linguiTransformerBabelPreset({ descriptorFields: 'message' }, { configPath: LINGUI_CONFIG });
  return [
    babel({ presets: [macro] }),
    // A second pass, on what the first one made: only files that now import Lingui's runtime.
    babel({ presets: [{ preset: { plugins: [precompiledMessages] }, rolldown: { filter: { code: /@lingui\/(core|react)/ } } }] }),
    lingui({ configPath: LINGUI_CONFIG }),
  ];
}
