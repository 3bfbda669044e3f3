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

/** A shipped face as fontkit parses the installed package's file, not kept. */
function openFace(family: FontFamily, weight: FontWeight): fontkit.Font {
  return fontkit.openSync(require.resolve(FILES[family][weight])) as fontkit.Font;
}

/** A shipped face, parsed by fontkit from the installed package's file. */
export function shippedFace(family: FontFamily, weight: FontWeight): fontkit.Font {
  const name = `${family}-${weight}`;
  let font = faces.get(name);
  if (font === undefined) {
    font = openFace(family, weight);
    faces.set(name, font);
  }
  return font;
}

// The code points each family draws, as sorted [first, last] pairs, once per process or thread.
const coverage = new Map<FontFamily, Uint32Array>();

/**
 * The code points the family's regular face has a glyph for (the bold faces hold the same), as
 * sorted pairs of the first and last code point of each run. Read from the face's character map;
 * the face itself is kept only if something drew with it already: a sheet's plans check every
 * name's characters, and a CJK face held for that alone would be 5-11 MB of file in the thread for
 * good (fontkit keeps the whole file in memory).
 */
export function shippedCoverage(family: FontFamily): Uint32Array {
  let ranges = coverage.get(family);
  if (ranges === undefined) {
    const font = faces.get(`${family}-regular`) ?? openFace(family, 'regular');
    ranges = codePointRuns(font.characterSet);
    coverage.set(family, ranges);
  }
  return ranges;
}

/** Sorted code points' runs: [first, last] of each, one after another. */
function codePointRuns(codePoints: readonly number[]): Uint32Array {
  const sorted = Uint32Array.from(codePoints).sort();
  const runs: number[] = [];
  for (const codePoint of sorted) {
    if (runs.length > 0 && runs[runs.length - 1] + 1 >= codePoint) runs[runs.length - 1] = codePoint;
    else runs.push(codePoint, codePoint);
  }
  return Uint32Array.from(runs);
}

/** Whether `codePoint` is in the runs of shippedCoverage (a binary search). */
export function inCoverage(runs: Uint32Array, codePoint: number): boolean {
  let low = 0;
  let high = runs.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (codePoint < runs[2 * middle]) high = middle - 1;
    else if (codePoint > runs[2 * middle + 1]) low = middle + 1;
    else return true;
  }
  return false;
}
