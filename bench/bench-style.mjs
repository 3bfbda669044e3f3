// The style the styled benches send: colours, rounded modules and finders, the test fixtures' ring
// drawn as a 256-pixel PNG logo at 0.2 (so level H), and a caption.
import { bundleSources } from './bundle-sources.mjs';

/** The benchmark's style around `logo` (the fixtures' ring at 256 pixels), with `finders` (rounded by default). */
export function benchStyleWith(logo, finders = 'rounded') {
  return {
    colors: { dark: '#1a3a6b', light: '#ffffff', finder: '#b03020' },
    modules: 'rounded',
    finders,
    logo: { image: logo, size: 0.2 },
    frame: { caption: 'Scan to save my contact' },
  };
}

/** The benchmark's style, its logo bundled from the test fixtures (TypeScript) for this process. */
export async function benchStyle() {
  const { ringLogo } = await bundleSources(["export { ringLogo } from './test/fixtures/styled/styled-fixtures';"], {
    name: 'bench-style',
  });
  return benchStyleWith(ringLogo(256));
}

/** The gradient colours the styled benches compare against the same style in solid colours. */
export const GRADIENT_COLORS = {
  dark: {
    type: 'linear',
    rotation: 45,
    stops: [
      { offset: 0, color: '#1a3a6b' },
      { offset: 1, color: '#6b1a5e' },
    ],
  },
  light: {
    type: 'radial',
    stops: [
      { offset: 0, color: '#ffffff' },
      { offset: 1, color: '#eaf2ff' },
    ],
  },
  finder: '#b03020',
};
