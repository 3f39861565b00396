import type { Plugin } from 'esbuild';

/**
 * For the suite's own esbuild bundles of app modules (the route table, the push helper): Lingui's
 * macros are compiled by the app's build (decision 046), not here, so `@lingui/core` and its macros
 * are read as their English text.
 */
export const linguiAsEnglish: Plugin = {
  name: 'lingui-as-english',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@lingui\/core(\/macro)?$/ }, (args) => ({ path: args.path, namespace: 'lingui-stub' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'lingui-stub' }, () => ({
      contents: [
        'const text = (strings, values) => String.raw({ raw: strings }, ...values);',
        'export function msg(strings, ...values) { const message = text(strings, values); return { id: message, message }; }',
        'export const defineMessage = msg;',
        'export const t = (strings, ...values) => text(strings, values);',
        'export const plural = (count, forms) => (count === 1 && forms.one !== undefined ? forms.one : forms.other).replace("#", String(count));',
        'export const i18n = { _: (descriptor) => (typeof descriptor === "string" ? descriptor : descriptor.message), locale: "en" };',
      ].join('\n'),
      loader: 'js',
    }));
  },
};
