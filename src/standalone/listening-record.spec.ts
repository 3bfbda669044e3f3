import { describe, expect, it } from '@jest/globals';
import { listeningRecord } from './listening-record';

describe('listeningRecord', () => {
  it('names the public base URL when clients reach the service elsewhere', () => {
    expect(listeningRecord({ host: '0.0.0.0', publicBaseUrl: 'https://cards.example.com' }, 3000)).toEqual({
      msg: 'listening',
      url: 'http://0.0.0.0:3000',
      publicBaseUrl: 'https://cards.example.com',
    });
  });

  it('says the URL once when it is the public base URL', () => {
    expect(listeningRecord({ host: '127.0.0.1', publicBaseUrl: 'http://127.0.0.1:8080' }, 8080)).toEqual({
      msg: 'listening',
      url: 'http://127.0.0.1:8080',
    });
  });

  it('writes an IPv6 host in brackets', () => {
    expect(listeningRecord({ host: '::', publicBaseUrl: 'http://[::]:3000' }, 3000)).toEqual({
      msg: 'listening',
      url: 'http://[::]:3000',
    });
  });
});
