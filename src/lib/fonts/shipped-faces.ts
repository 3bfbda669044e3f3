import * as fontkit from 'fontkit';

/**
 * The font families the service ships (npm packages of Google's Noto Sans, as whole TrueType
 * files): one for Latin, Greek and Cyrillic, and one each for Japanese, Simplified Chinese and
 * Korean. Nothing of the machine's own fonts is ever used.
 */
export type FontFamily = 'sans' | 'jp' | 'sc' | 'kr';
export type FontWeight = 'regular' | 'bold';

// The Dockerfile keeps only these two weights of each package: a new face here is a new path there.
const FILES: Record<FontFamily, Record<FontWeight, string>> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  jp: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  kr: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
};

// Each face is read and parsed once per process (or worker thread), when first needed (most
// sheets never open a CJK file), and shared by every user: the print sheets and the captions.
const faces = new Map<string, fontkit.Font>();

/** A shipped face, parsed by fontkit from the installed package's file. */
export function shippedFace(family: FontFamily, weight: FontWeight): fontkit.Font {
  const name = `${family}-${weight}`;
  let font = faces.get(name);
  if (font === undefined) {
    font = fontkit.openSync(require.resolve(FILES[family][weight])) as fontkit.Font;
    faces.set(name, font);
  }
  return font;
}
