import { describe, expect, it } from '@jest/globals';
import { requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  it('ignores key order and absent fields', () => {
    expect(requestFingerprint({ fullName: 'A', email: 'a@example.com' }, undefined)).toBe(
      requestFingerprint({ email: 'a@example.com', note: undefined, fullName: 'A' }, undefined),
    );
  });

  it('differs when a value or the template differs', () => {
    const base = requestFingerprint({ fullName: 'A' }, undefined);
    expect(requestFingerprint({ fullName: 'B' }, undefined)).not.toBe(base);
    expect(requestFingerprint({ fullName: 'A' }, 'minimal')).not.toBe(base);
  });

  it('is a hex SHA-256', () => {
    expect(requestFingerprint({ fullName: 'Ada Lovelace' }, undefined)).toMatch(/^[0-9a-f]{64}$/);
  });
});
