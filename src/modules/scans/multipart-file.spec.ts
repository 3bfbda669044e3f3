import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../core/errors/api-error';
import { multipartFile } from './multipart-file';

const form = (boundary: string, parts: string[]) =>
  Buffer.from(
    `preamble\r\n${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`,
    'latin1',
  );
const FILE =
  'Content-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--almost';

function issueOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.extras.details?.issue : error;
  }
  return undefined;
}

describe('multipartFile', () => {
  it('takes the one file of a form, its bytes exactly (a CRLF and dashes inside them too), beside other fields', () => {
    const body = form('XyZ', ['Content-Disposition: form-data; name="note"\r\n\r\nhi', FILE]);
    const file = multipartFile(body, 'multipart/form-data; boundary=XyZ');
    expect({ bytes: file.bytes.toString('latin1'), mediaType: file.mediaType }).toEqual({
      bytes: '\x89PNG\r\n--almost',
      mediaType: 'image/png',
    });
    expect(multipartFile(form('a b', [FILE]), 'multipart/form-data; boundary="a b"').bytes.length).toBe(14);
  });

  it('refuses a form with no file, two files, no boundary or a cut-off body', () => {
    expect(
      issueOf(() =>
        multipartFile(
          form('b', ['Content-Disposition: form-data; name="x"\r\n\r\n1']),
          'multipart/form-data; boundary=b',
        ),
      ),
    ).toBe('file_count');
    expect(issueOf(() => multipartFile(form('b', [FILE, FILE]), 'multipart/form-data; boundary=b'))).toBe('file_count');
    expect(issueOf(() => multipartFile(form('b', [FILE]), 'multipart/form-data'))).toBe('corrupt');
    expect(
      issueOf(() => multipartFile(Buffer.from(`--b\r\n${FILE}`, 'latin1'), 'multipart/form-data; boundary=b')),
    ).toBe('corrupt');
  });
});
