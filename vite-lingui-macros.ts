import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

/**
 * Compiles Lingui's macros (`Trans`, `t`, `msg`, `useLingui` from `@lingui/*\/macro`) with their Babel
 * plugin, before the React plugin turns JSX into calls. Only files that import a macro go through
 * Babel, so the rest of the build keeps Oxc's speed. Our own plugin rather than
 * `@rolldown/plugin-babel`: every release of that one requires Node 22.
 */
export function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: /\.tsx?$/, code: /from ['"]@lingui\/(core|react)\/macro['"]/ },
      async handler(code, id) {
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code ? { code: result.code, map: result.map } : null;
      },
    },
  };
}
