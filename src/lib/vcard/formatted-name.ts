/**
 * The FN value of an unfolded card this library encoded, unescaped: the cleaned `fullName` it was
 * built from. The playground names its downloads from this (a stored card's files: cardFileName).
 */
export function formattedName(qrPayload: string): string {
  const start = qrPayload.indexOf('\r\nFN:');
  if (start < 0) return '';
  const end = qrPayload.indexOf('\r\n', start + 5);
  const escaped = qrPayload.slice(start + 5, end < 0 ? undefined : end);
  return escaped.replace(/\\([\\;,nN])/g, (_, character: string) =>
    character === 'n' || character === 'N' ? '\n' : character,
  );
}
