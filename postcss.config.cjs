/**
 * Web fonts from npm (Fontsource) list a `.woff` file after each `.woff2` one. Every browser we
 * serve reads woff2, so the `.woff` alternative is dropped and the build never copies those files.
 */
const dropWoff = (src) => src.replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, '');

/**
 * The names (full and PostScript) a device's own copy of a web font goes by, by family and weight.
 * Android ships Noto CJK and Noto Sans Tamil but answers no font-family by those names; `local()`
 * finds them, and a device that has one draws with it and fetches nothing.
 */
const installedNames = {
  'Noto Sans SC': {
    400: ['Noto Sans CJK SC Regular', 'NotoSansCJKsc-Regular', 'Noto Sans SC Regular', 'NotoSansSC-Regular'],
  },
  'Noto Sans Tamil': {
    400: ['Noto Sans Tamil Regular', 'NotoSansTamil-Regular'],
    700: ['Noto Sans Tamil Bold', 'NotoSansTamil-Bold'],
  },
};

const declaredValue = (rule, property) => {
  let value = '';
  rule.walkDecls(property, (decl) => {
    value = decl.value.replace(/['"]/g, '');
  });
  return value;
};

const webFonts = {
  postcssPlugin: 'web-fonts',
  AtRule: {
    'font-face': (rule) => {
      const names =
        installedNames[declaredValue(rule, 'font-family')]?.[declaredValue(rule, 'font-weight')] ?? [];
      const installed = names.map((name) => `local("${name}"), `).join('');
      rule.walkDecls('src', (decl) => {
        if (!decl.value.includes('local(')) decl.value = installed + dropWoff(decl.value);
      });
    },
  },
};

module.exports = {
  plugins: [
    webFonts,
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
