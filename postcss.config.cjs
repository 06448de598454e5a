/**
 * Web fonts from npm (Fontsource) list a `.woff` file after each `.woff2` one. Every browser we
 * serve reads woff2, so the `.woff` alternative is dropped and the build never copies those files.
 */
const woff2Only = {
  postcssPlugin: 'woff2-only',
  AtRule: {
    'font-face': (rule) => {
      rule.walkDecls('src', (decl) => {
        decl.value = decl.value.replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, '');
      });
    },
  },
};

module.exports = {
  plugins: [
    woff2Only,
    require('postcss-preset-mantine')(),
    require('postcss-simple-vars')({
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    }),
  ],
};
