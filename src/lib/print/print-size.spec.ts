import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseDpi, parsePrintSize, pngPrintFit, printSizePt, vectorPrintFit, type PrintSize } from './print-size';

function size(text: string): PrintSize {
  const parsed = parsePrintSize(text);
  if ('issue' in parsed) throw new Error(`${text} should parse`);
  return parsed;
}

const MM_PER: Record<string, number> = { mm: 1, cm: 10, in: 25.4, pt: 25.4 / 72 };

describe('parsePrintSize', () => {
  it('reads a number and a unit into millimetres, 10 mm to 500 mm', () => {
    expect(size('30mm')).toEqual({ text: '30mm', value: 30, unit: 'mm', mm: 30 });
    expect(size('2.5cm').mm).toBeCloseTo(25, 9);
    expect(size('1.25in').mm).toBeCloseTo(31.75, 9);
    expect(size('85pt').mm).toBeCloseTo(29.986, 3);
    expect(size('10mm').mm).toBe(10);
    expect(size('500mm').mm).toBe(500);
    expect(printSizePt(size('1in'))).toBeCloseTo(72, 9);
  });

  it.each(['30', 'mm', '30 mm', '30MM', '-30mm', '30px', '3e1mm', '.5in', '30.mm', '', '30mm '])(
    'refuses the form of %j',
    (text) => {
      expect(parsePrintSize(text)).toEqual({ issue: 'format' });
    },
  );

  it.each(['9.99mm', '0.9cm', '500.01mm', '20in', '28pt'])('refuses %s as out of range', (text) => {
    expect(parsePrintSize(text)).toEqual({ issue: 'range' });
  });
});

describe('parseDpi', () => {
  it('takes whole numbers from 72 to 1200', () => {
    expect(['72', '300', '1200'].map(parseDpi)).toEqual([72, 300, 1200]);
    expect(['71', '1201', '0'].map(parseDpi)).toEqual([{ issue: 'range' }, { issue: 'range' }, { issue: 'range' }]);
    expect(['300.5', '-300', 'abc', ''].map(parseDpi)).toEqual(Array(4).fill({ issue: 'format' }));
  });
});

describe('vectorPrintFit', () => {
  it('divides the size by the modules across, warns under 0.40 mm and refuses under 0.25 mm', () => {
    // Version 10 (57 modules) with a 4-module quiet zone: 65 across.
    expect(vectorPrintFit(size('30mm'), 65)).toEqual({ moduleMm: 0.46, warnings: [] });
    expect(vectorPrintFit(size('20mm'), 65)).toEqual({
      moduleMm: 0.31,
      warnings: ['small_modules'],
      recommendedSize: '26mm',
    });
    expect(vectorPrintFit(size('15mm'), 65)).toEqual({ issue: 'too_small', minimumSize: '16.25mm' });
    expect(vectorPrintFit(size('0.6in'), 65)).toEqual({ issue: 'too_small', minimumSize: '0.64in' });
  });

  it('names, in the request unit, the smallest size that succeeds (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mm', 'cm', 'in', 'pt'),
        fc.integer({ min: 21, max: 185 }),
        fc.double({ min: 10, max: 500, noNaN: true }),
        (unit, modules, mm) => {
          const value = Math.round((mm / MM_PER[unit]) * 100) / 100;
          const parsed = parsePrintSize(`${value}${unit}`);
          if ('issue' in parsed) return;
          const fit = vectorPrintFit(parsed, modules);
          if (!('issue' in fit)) {
            expect(fit.moduleMm).toBe(Math.round((parsed.mm / modules) * 100) / 100);
            expect(fit.warnings.length > 0).toBe(parsed.mm / modules < 0.4 - 1e-9);
            return;
          }
          const minimum = size(fit.minimumSize);
          expect(minimum.unit).toBe(unit);
          expect('issue' in vectorPrintFit(minimum, modules)).toBe(false);
          const below = parsePrintSize(`${Math.round((minimum.value - 0.01) * 100) / 100}${unit}`);
          if (!('issue' in below)) expect(vectorPrintFit(below, modules)).toHaveProperty('issue', 'too_small');
        },
      ),
      { seed: 30, numRuns: 400 },
    );
  });
});

describe('pngPrintFit', () => {
  it('takes the largest whole scale within size·dpi and reports scale / dpi', () => {
    // 30 mm at 300 dpi is 354.3 px: 5 px a module for 65 modules (325 px), 0.42 mm.
    expect(pngPrintFit(size('30mm'), 300, 65)).toEqual({ moduleMm: 0.42, warnings: [], scale: 5, widthPx: 325 });
    // At 72 dpi a pixel is 0.35 mm: fine for the refusal limit, under the warning one.
    expect(pngPrintFit(size('100mm'), 72, 65)).toMatchObject({ scale: 4, moduleMm: 1.41 });
    expect(pngPrintFit(size('20mm'), 72, 65)).toEqual({ issue: 'too_small', minimumSize: '22.94mm' });
    expect(pngPrintFit(size('30mm'), 72, 65)).toMatchObject({
      scale: 1,
      moduleMm: 0.35,
      warnings: ['small_modules'],
      recommendedSize: '45.87mm',
    });
    expect(pngPrintFit(size('20mm'), 1200, 65)).toMatchObject({
      scale: 14,
      moduleMm: 0.3,
      warnings: ['small_modules'],
    });
  });

  it('never exceeds size·dpi, and a refused request succeeds at its minimum size (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mm', 'in'),
        fc.integer({ min: 21, max: 185 }),
        fc.integer({ min: 72, max: 1200 }),
        fc.double({ min: 10, max: 500, noNaN: true }),
        (unit, modules, dpi, mm) => {
          const parsed = parsePrintSize(`${Math.round((mm / MM_PER[unit]) * 100) / 100}${unit}`);
          if ('issue' in parsed) return;
          const fit = pngPrintFit(parsed, dpi, modules);
          if ('issue' in fit) {
            const minimum = pngPrintFit(size(fit.minimumSize), dpi, modules);
            expect(minimum).not.toHaveProperty('issue');
            return;
          }
          expect(fit.widthPx).toBeLessThanOrEqual((parsed.mm / 25.4) * dpi + 1e-6);
          expect((fit.scale + 1) * modules).toBeGreaterThan((parsed.mm / 25.4) * dpi - 1e-6);
          expect(fit.moduleMm).toBe(Math.round((fit.scale / dpi) * 25.4 * 100) / 100);
        },
      ),
      { seed: 300, numRuns: 400 },
    );
  });
});
