import { describe, expect, it } from '@jest/globals';
import { judgeServiceQrStyle } from '../../lib/qr/style/service-qr-style';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { changesToTry, MAX_TRIED_CHANGES, MAX_VERSION_GROWTH, versionsToTry } from './styled-code-tries';

const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#123"/></svg>',
).toString('base64')}`;

describe('versionsToTry', () => {
  it('grows a code with a logo from its smallest version by at most 8, never past 40', () => {
    expect(versionsToTry(10, undefined, true)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(versionsToTry(10, undefined, true)).toHaveLength(MAX_VERSION_GROWTH + 1);
    expect(versionsToTry(37, undefined, true)).toEqual([37, 38, 39, 40]);
  });
  it('does not grow without a logo, nor with qrVersion (drawn at that version)', () => {
    expect(versionsToTry(10, undefined, false)).toEqual([10]);
    expect(versionsToTry(10, 14, true)).toEqual([14]);
    expect(versionsToTry(10, 14, false)).toEqual([14]);
  });
});

describe('changesToTry', () => {
  const tried = (style: QrStyle, query: Record<string, unknown> = {}, version = 12) => {
    const judged = judgeServiceQrStyle(style, { qrLevel: query.qrLevel as 'L' | undefined, margin: 4 });
    return changesToTry(style, judged, query, version).map((change) => change.suggestion);
  };

  it('tries at most three changes, in the order of preference', () => {
    expect(tried({ modules: 'dots', finders: 'circle', logo: { image: LOGO } })).toEqual([
      { parameter: 'style.logo.size', value: 0.15 },
      { parameter: 'style.finders', value: 'square' },
      { parameter: 'style.modules', value: 'square' },
    ]);
    expect(tried({ modules: 'dots', finders: 'circle', logo: { image: LOGO } }).length).toBe(MAX_TRIED_CHANGES);
  });

  it('never asks for what the request has: the level H a logo made, square shapes, the smallest logo', () => {
    const changes = tried({ logo: { image: LOGO, size: 0.1 } });
    expect(changes).toEqual([{ parameter: 'qrVersion', value: 16 }]);
    expect(changes.map((change) => change.parameter)).not.toContain('qrLevel');
  });

  it('suggests level H only below H, and a larger qrVersion only below 40', () => {
    expect(tried({ modules: 'rounded' }, { qrLevel: 'L' }, 40)).toEqual([
      { parameter: 'style.modules', value: 'square' },
      { parameter: 'qrLevel', value: 'H' },
    ]);
  });
});
