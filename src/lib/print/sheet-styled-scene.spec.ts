import { describe, expect, it } from '@jest/globals';
import { ringLogo, SHORT_CARD, TYPICAL_CARD } from '../../../test/fixtures/styled/styled-fixtures';
import { judgeServiceQrStyle } from '../qr/style/service-qr-style';
import type { QrStyle } from '../qr/style/qr-style';
import { styledQrScene } from '../qr/style/styled-qr-scene';
import { qrMatrix } from '../qr/qr-matrix';
import { sheetStyledScene } from './sheet-styled-scene';

const judged = (style: QrStyle, qrLevel?: 'L' | 'M' | 'Q' | 'H') => judgeServiceQrStyle(style, { qrLevel, margin: 4 });

describe('sheetStyledScene', () => {
  it('a readable styled code: the scene drawn in the style, the one both decoders read back', async () => {
    const { style, level } = judged({ colors: { dark: '#1a3a6b' }, modules: 'dots', logo: { image: ringLogo(48) } });
    const drawn = await sheetStyledScene(TYPICAL_CARD, level, style!, 4);
    expect(drawn).toEqual({ scene: styledQrScene(qrMatrix(TYPICAL_CARD, level), style!, { margin: 4 }) });
  });

  it('a logo its level cannot recover fails the check, naming the version and level', async () => {
    const { style } = judged({ logo: { image: ringLogo(48), size: 0.3 } }, 'L');
    const drawn = await sheetStyledScene(SHORT_CARD, 'L', style!, 4);
    expect(drawn).toEqual({ unreadable: expect.stringMatching(/logo is too large for a version \d+ code at level L/) });
  });

  it('a code the decoders cannot read (dark as light as the background) fails the check', async () => {
    // The judge refuses such a style; the check still has to catch a code no decoder reads.
    const { style } = judged({});
    const washed = {
      ...style!,
      colors: { ...style!.colors, dark: '#ffffff', finderFrame: '#ffffff', finderBall: '#ffffff' },
    };
    const drawn = await sheetStyledScene(SHORT_CARD, 'M', washed, 4);
    expect(drawn).toEqual({
      unreadable: expect.stringMatching(/failed the check \(ZBar and ZXing did not read it back\)/),
    });
  });

  it('with the full proof: the same scene for a readable code; an unreadable one fails the proof', async () => {
    const { style, level } = judged({ colors: { dark: '#1a3a6b' }, modules: 'dots', logo: { image: ringLogo(48) } });
    expect(await sheetStyledScene(TYPICAL_CARD, level, style!, 4, true)).toEqual(
      await sheetStyledScene(TYPICAL_CARD, level, style!, 4),
    );
    const plain = judged({}).style!;
    const washed = { ...plain, colors: { ...plain.colors, dark: '#ffffff', finder: '#ffffff' } };
    expect(await sheetStyledScene(SHORT_CARD, 'M', washed, 4, true)).toEqual({
      unreadable: expect.stringMatching(/failed the proof \(ZBar and ZXing did not read it back from the file/),
    });
  });
});
